import { describe, expect, it } from "vitest";
import { maximumPlaceQueryLength, maximumPlaceResults, minimumPlaceQueryLength } from "../../shared/places.ts";
import {
  coordinateKey,
  createExpiringCache,
  formatCoordinates,
  isSearchable,
  maximumQueryLength,
  maximumSuggestions,
  minimumQueryLength,
  reverseCacheMilliseconds,
} from "./location-rules.ts";

describe("location input rules (docs/product.md §4, §9)", () => {
  it("uses the same limits as the /api/places contract", () => {
    expect(minimumQueryLength).toBe(minimumPlaceQueryLength);
    expect(maximumQueryLength).toBe(maximumPlaceQueryLength);
    expect(maximumSuggestions).toBe(maximumPlaceResults);
  });

  it("searches from two to 100 characters, ignoring surrounding spaces", () => {
    expect(isSearchable("")).toBe(false);
    expect(isSearchable("S")).toBe(false);
    expect(isSearchable(" S ")).toBe(false);
    expect(isSearchable("St")).toBe(true);
    expect(isSearchable("x".repeat(100))).toBe(true);
    expect(isSearchable("x".repeat(101))).toBe(false);
  });

  it("formats raw coordinates as 'lat, lon' and keys the cache as 'lat,lon'", () => {
    expect(formatCoordinates(59.329323, 18.068581)).toBe("59.32932, 18.06858");
    expect(coordinateKey(59.329323, 18.068581)).toBe("59.32932,18.06858");
  });

  it("keeps a reverse result for five minutes, then forgets it", () => {
    let clock = 1_000;
    const cache = createExpiringCache<string>(reverseCacheMilliseconds, () => clock);
    cache.set("59.3,18.0", "Stockholm, Sweden");
    clock += reverseCacheMilliseconds - 1;
    expect(cache.get("59.3,18.0")).toBe("Stockholm, Sweden");
    clock += 1;
    expect(cache.get("59.3,18.0")).toBeUndefined();
    expect(cache.get("unknown")).toBeUndefined();
  });
});
