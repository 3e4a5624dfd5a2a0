import type { Place } from "../../../shared/booking.ts";
import type { Database } from "../../db/database.ts";
import { foldPlaceText, loadWorldGazetteer, type Gazetteer, type PlaceLanguage } from "./gazetteer.ts";
import { LruCache } from "./lru-cache.ts";
import { providerReverse, providerSearch, type MapsProvider } from "./provider.ts";

// docs/product.md §9 location: results cached for 5 minutes (bounded), reverse results keyed by 'lat,lon'.

/** app_config keys (docs/product.md §3: one row holds the maps-service public token). */
export const mapsTokenKey = "maps_public_token";
/** Optional base URL of a Mapbox-compatible service (default Mapbox itself). */
export const mapsUrlKey = "maps_api_url";
const defaultMapsUrl = "https://api.mapbox.com";

const fiveMinutes = 5 * 60 * 1000;
// The token is read from the database at most once a minute, not on every keystroke.
const providerCacheMilliseconds = 60_000;

/**
 * Place search and reverse lookup with their caches and the maps token of one app's database,
 * built once by createServices (app.ts) and reached through c.var.services.places.
 */
export function createPlacesService(db: Database) {
  const searchCache = new LruCache<Place[]>({ maximumEntries: 2000, timeToLiveMilliseconds: fiveMinutes });
  const reverseCache = new LruCache<Place | null>({ maximumEntries: 2000, timeToLiveMilliseconds: fiveMinutes });
  let providerEntry: { at: number; provider: MapsProvider | null } | null = null;

  async function mapsProvider(): Promise<MapsProvider | null> {
    if (providerEntry && performance.now() - providerEntry.at < providerCacheMilliseconds) return providerEntry.provider;
    const rows = await db.selectFrom("app_config").select(["key", "value"]).where("key", "in", [mapsTokenKey, mapsUrlKey]).execute();
    const token = rows.find((row) => row.key === mapsTokenKey)?.value.trim();
    const baseUrl = rows.find((row) => row.key === mapsUrlKey)?.value.trim() || defaultMapsUrl;
    const provider = token ? { token, baseUrl } : null;
    providerEntry = { at: performance.now(), provider };
    return provider;
  }

  return {
    async search(query: string, language: PlaceLanguage, gazetteer: Gazetteer = loadWorldGazetteer()): Promise<Place[]> {
      const provider = await mapsProvider();
      const key = `${provider ? "p" : "g"}:${language}:${foldPlaceText(query)}`;
      const cached = searchCache.get(key);
      if (cached) return cached;
      let results: Place[] | null = null;
      if (provider) results = await providerSearch(provider, query, language === "sv" ? "sv" : "en");
      // Any provider failure (or nothing found) falls back to the offline gazetteer.
      if (!results || results.length === 0) results = gazetteer.search(query, language);
      searchCache.set(key, results);
      return results;
    },

    async reverse(
      latitude: number,
      longitude: number,
      language: PlaceLanguage,
      gazetteer: Gazetteer = loadWorldGazetteer(),
    ): Promise<Place | null> {
      const provider = await mapsProvider();
      const key = `${provider ? "p" : "g"}:${language}:${latitude.toFixed(4)},${longitude.toFixed(4)}`;
      const cached = reverseCache.get(key);
      if (cached !== undefined) return cached;
      let result: Place | null = null;
      if (provider) result = await providerReverse(provider, latitude, longitude);
      result ??= gazetteer.nearest(latitude, longitude, language);
      reverseCache.set(key, result);
      return result;
    },

    /** After app_config changes (and in tests): the next request reads the token again. */
    forget(): void {
      providerEntry = null;
      searchCache.clear();
      reverseCache.clear();
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
