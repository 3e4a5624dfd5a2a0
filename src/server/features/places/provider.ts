import type { Place } from "../../../shared/booking.ts";
import { maximumPlaceResults } from "../../../shared/places.ts";

// docs/product.md §7 external services: an optional Mapbox-compatible geocoder, used only when app_config
// holds a public token. Forward: types=place, limit=5, proximity of a fixed point, language=en;
// reverse: types=address, limit=1. Any failure returns null and the caller uses the gazetteer.

export type MapsProvider = { token: string; baseUrl: string };

/** Stockholm, the operator's home: the fixed proximity point of docs/product.md §7. */
const proximity = "18.0686,59.3293";
const timeoutMilliseconds = 1500;

type Feature = { id?: unknown; place_name?: unknown; place_type?: unknown; center?: unknown; text?: unknown };

async function fetchFeatures(url: URL): Promise<Feature[] | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMilliseconds), headers: { accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as { features?: unknown };
    return Array.isArray(body.features) ? (body.features as Feature[]) : null;
  } catch {
    return null;
  }
}

function toPlace(feature: Feature, label: (parts: string[]) => string): Place | null {
  if (typeof feature.place_name !== "string" || !Array.isArray(feature.center)) return null;
  const [longitude, latitude] = feature.center as unknown[];
  if (typeof longitude !== "number" || typeof latitude !== "number") return null;
  const parts = feature.place_name
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  return {
    id: typeof feature.id === "string" ? feature.id : `${latitude},${longitude}`,
    label: label(parts),
    city: typeof feature.text === "string" && feature.text ? feature.text : (parts[0] ?? ""),
    country: parts.length > 1 ? (parts[parts.length - 1] ?? "") : "",
    latitude,
    longitude,
  };
}

function endpoint(provider: MapsProvider, search: string): URL {
  const url = new URL(`${provider.baseUrl.replace(/\/$/, "")}/geocoding/v5/mapbox.places/${encodeURIComponent(search)}.json`);
  url.searchParams.set("access_token", provider.token);
  return url;
}

/** Forward geocoding; null on any failure. Label: the first and last parts of place_name (docs/product.md §7). */
export async function providerSearch(provider: MapsProvider, query: string, language: string): Promise<Place[] | null> {
  const url = endpoint(provider, query);
  url.searchParams.set("types", "place");
  url.searchParams.set("limit", String(maximumPlaceResults));
  url.searchParams.set("proximity", proximity);
  url.searchParams.set("language", language);
  const features = await fetchFeatures(url);
  if (!features) return null;
  return features
    .filter((feature) => Array.isArray(feature.place_type) && feature.place_type.includes("place"))
    .map((feature) => toPlace(feature, (parts) => (parts.length > 1 ? `${parts[0]}, ${parts[parts.length - 1]}` : (parts[0] ?? ""))))
    .filter((place): place is Place => place !== null)
    .slice(0, maximumPlaceResults);
}

/** Reverse geocoding; null on any failure or when nothing is found. Label: the full place_name. */
export async function providerReverse(provider: MapsProvider, latitude: number, longitude: number): Promise<Place | null> {
  const url = endpoint(provider, `${longitude},${latitude}`);
  url.searchParams.set("types", "address");
  url.searchParams.set("limit", "1");
  const features = await fetchFeatures(url);
  const first = features?.[0];
  return first ? toPlace(first, (parts) => parts.join(", ")) : null;
}
