// docs/product.md §4 "Suggestions list", §8 Location and §9 Location: the limits of the location input,
// plus the small reverse-geocoding cache, kept pure for unit tests.

// The /api/places limits (src/shared/places.ts) are repeated here rather than imported: that module
// builds zod schemas at load time, and zod must stay out of the landing page's JavaScript
// (ADR 020). location-rules.test.ts fails if the two ever disagree.
export const minimumQueryLength = 2;
export const maximumQueryLength = 100;
export const suggestionDebounceMilliseconds = 300;
export const maximumSuggestions = 5;
export const reverseCacheMilliseconds = 5 * 60_000;
/** docs/product.md §7: browser geolocation with high accuracy, a 5 s timeout and no cached position. */
export const geolocationOptions: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

/** Between 2 and 100 characters once trimmed (the /api/places contract, src/shared/places.ts). */
export function isSearchable(query: string): boolean {
  const length = query.trim().length;
  return length >= minimumQueryLength && length <= maximumQueryLength;
}

/** Raw coordinates as shown when no address is found (docs/product.md §4: 'lat, lon'). */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** docs/product.md §9: reverse results are cached 5 minutes keyed by 'lat,lon'. */
export function coordinateKey(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
}

export type ExpiringCache<Value> = { get(key: string): Value | undefined; set(key: string, value: Value): void };

export function createExpiringCache<Value>(lifetimeMilliseconds: number, now: () => number = Date.now): ExpiringCache<Value> {
  const entries = new Map<string, { value: Value; timestamp: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.timestamp >= lifetimeMilliseconds) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.set(key, { value, timestamp: now() });
    },
  };
}
