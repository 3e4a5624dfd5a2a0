import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Place } from "../../../shared/booking.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { buildGazetteer, foldPlaceText } from "./gazetteer.ts";
import { LruCache } from "./lru-cache.ts";
import { mapsTokenKey, mapsUrlKey } from "./service.ts";

describe("place text folding and the LRU cache", () => {
  it("folds case and diacritics", () => {
    expect(foldPlaceText("  Göteborg ")).toBe("goteborg");
    expect(foldPlaceText("MALMÖ")).toBe("malmo");
    expect(foldPlaceText("Tromsø  Æbeltoft Łódź")).toBe("tromso aebeltoft lodz");
  });

  it("evicts the least recently used entry and expires entries after their time", () => {
    let now = 0;
    const cache = new LruCache<number>({ maximumEntries: 2, timeToLiveMilliseconds: 100, now: () => now });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recent
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.size).toBe(2);
    now = 101;
    expect(cache.get("a")).toBeUndefined();
  });

  it("ranks by population, keeps one entry per label and finds the nearest city within 50 km", () => {
    const city = (
      cityId: number,
      name: string,
      country: string,
      population: number,
      latitude: number,
      longitude: number,
      featureCode = "PPL",
    ) => ({
      cityId,
      name,
      country,
      featureCode,
      population,
      loc: { coordinates: [longitude, latitude] as [number, number] },
    });
    const gazetteer = buildGazetteer([
      city(1, "Sala", "SE", 12_000, 59.92, 16.6),
      city(2, "Salamanca", "ES", 144_000, 40.96, -5.66),
      city(3, "Salamanca", "ES", 2_000, 41.0, -5.7),
      city(4, "Salvador", "BR", 2_700_000, -12.97, -38.5),
      city(5, "Salzburg", "AT", 150_000, 47.8, 13.04),
      city(6, "Saltsjöbaden", "SE", 9_000, 59.28, 18.3),
      city(7, "Salt Lake City", "US", 200_000, 40.76, -111.89),
      city(8, "Salé Old Town", "MA", 900_000, 34.0, -6.8, "PPLX"),
      city(9, "Fiji East", "FJ", 5_000, -16.5, 179.95),
    ]);
    expect(gazetteer.search("sal", "en").map((place) => place.label)).toEqual([
      "Salvador, Brazil",
      "Salt Lake City, United States",
      "Salzburg, Austria",
      "Salamanca, Spain",
      "Sala, Sweden",
    ]);
    expect(gazetteer.search("SALTSJO", "sv")[0]?.label).toBe("Saltsjöbaden, Sverige");
    expect(gazetteer.search("sal, swe", "en").map((place) => place.city)).toEqual(["Sala", "Saltsjöbaden"]);
    expect(gazetteer.nearest(59.9, 16.5, "en")?.city).toBe("Sala");
    expect(gazetteer.nearest(10, 10, "en")).toBeNull();
    // Across the antimeridian: −179.95 is 10 km from 179.95.
    expect(gazetteer.nearest(-16.5, -179.95, "en")?.city).toBe("Fiji East");
  });
});

/** A local Mapbox-compatible geocoder for the optional-provider tests (no network here). */
function startGeocoder(handler: (request: IncomingMessage) => { status: number; body: unknown }) {
  const requests: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(url);
    const { status, body } = handler(request);
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  return new Promise<{ url: string; requests: URL[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describeEachEngine("places", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    await test.db.deleteFrom("app_config").where("key", "in", [mapsTokenKey, mapsUrlKey]).execute();
    test.services.places.forget();
  });

  const search = async (query: string) => {
    const response = await test.request("GET", `/api/places?${query}`);
    return { ...response, results: (response.body.results ?? []) as Place[] };
  };

  it("suggests world cities by prefix with diacritics folded, larger first, at most 5", async () => {
    const plain = await search("q=goteborg");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300");
    expect(plain.results[0]).toMatchObject({ label: "Göteborg, Sweden", city: "Göteborg", country: "Sweden" });
    expect((await search(`q=${encodeURIComponent("  GÖTEBORG ")}`)).results[0]?.label).toBe("Göteborg, Sweden");
    expect((await search("q=malmo")).results[0]?.label).toBe("Malmö, Sweden");
    const paris = await search("q=par");
    expect(paris.results).toHaveLength(5);
    expect(paris.results[0]?.label).toBe("Paris, France");
    expect((await search("q=stockholm&lang=sv")).results[0]?.label).toBe("Stockholm, Sverige");
    expect((await search("q=zzqx")).results).toEqual([]);
    // Swedish and native names GeoNames lists under another main name.
    expect((await search(`q=${encodeURIComponent("Köpenhamn")}`)).results[0]?.label).toBe("Copenhagen, Denmark");
    expect((await search(`q=${encodeURIComponent("München")}`)).results[0]?.label).toBe("Munich, Germany");
  });

  it("refuses a query under 2 or over 100 characters", async () => {
    for (const query of ["q=a", "q=%20a%20", "", `q=${"s".repeat(101)}`, "q=stockholm&lang=de"]) {
      const response = await search(query);
      expect(response.status, query).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
    }
    expect((await search("q=a")).body.error?.message).toBe("Type at least 2 characters");
  });

  it("finds the nearest city to a position, or none far from any city", async () => {
    const stockholm = await test.request("GET", "/api/places/reverse?lat=59.3326&lon=18.0649");
    expect(stockholm.status).toBe(200);
    expect(stockholm.headers.get("cache-control")).toBe("private, max-age=300");
    expect((stockholm.body.result as Place).label).toBe("Stockholm, Sweden");
    const ocean = await test.request("GET", "/api/places/reverse?lat=-40&lon=-120");
    expect(ocean.body).toEqual({ result: null });
  });

  it("refuses coordinates out of range or not numbers", async () => {
    for (const query of ["lat=91&lon=0", "lat=0&lon=-180.5", "lat=abc&lon=1", "lat=1", "lon=1", "lat=1e3&lon=0", "lat=&lon="]) {
      const response = await test.request("GET", `/api/places/reverse?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
    }
  });

  it("uses a configured Mapbox-compatible provider with the docs/product.md §7 parameters", async () => {
    const geocoder = await startGeocoder((request) =>
      request.url?.includes("types=address")
        ? {
            status: 200,
            body: {
              features: [
                { id: "address.1", place_name: "Strandvägen 7, 114 56 Stockholm, Sweden", center: [18.08, 59.33], text: "Strandvägen" },
              ],
            },
          }
        : {
            status: 200,
            body: {
              features: [
                {
                  id: "place.1",
                  place_type: ["place"],
                  place_name: "Uppsala, Uppsala County, Sweden",
                  center: [17.64, 59.86],
                  text: "Uppsala",
                },
                {
                  id: "region.1",
                  place_type: ["region"],
                  place_name: "Uppsala County, Sweden",
                  center: [17.6, 60],
                  text: "Uppsala County",
                },
              ],
            },
          },
    );
    try {
      await test.db
        .insertInto("app_config")
        .values([
          { key: mapsTokenKey, value: "pk.test-token" },
          { key: mapsUrlKey, value: geocoder.url },
        ])
        .execute();
      const forward = await search("q=upps");
      expect(forward.results).toEqual([
        { id: "place.1", label: "Uppsala, Sweden", city: "Uppsala", country: "Sweden", latitude: 59.86, longitude: 17.64 },
      ]);
      const sent = geocoder.requests[0];
      expect(sent?.pathname).toBe("/geocoding/v5/mapbox.places/upps.json");
      expect(Object.fromEntries(sent?.searchParams ?? [])).toMatchObject({
        access_token: "pk.test-token",
        types: "place",
        limit: "5",
        language: "en",
      });

      const reverse = await test.request("GET", "/api/places/reverse?lat=59.33&lon=18.08");
      expect((reverse.body.result as Place).label).toBe("Strandvägen 7, 114 56 Stockholm, Sweden");
      const reverseSent = geocoder.requests[1];
      expect(reverseSent?.pathname).toBe("/geocoding/v5/mapbox.places/18.08%2C59.33.json");
      expect(Object.fromEntries(reverseSent?.searchParams ?? [])).toMatchObject({ types: "address", limit: "1" });

      // Cached for 5 minutes: the same query does not reach the provider again.
      await search("q=upps");
      expect(geocoder.requests).toHaveLength(2);
    } finally {
      await geocoder.close();
    }
  });

  it("falls back to the gazetteer when the provider fails or cannot be reached", async () => {
    const failing = await startGeocoder(() => ({ status: 500, body: { message: "down" } }));
    try {
      await test.db
        .insertInto("app_config")
        .values([
          { key: mapsTokenKey, value: "pk.test-token" },
          { key: mapsUrlKey, value: failing.url },
        ])
        .execute();
      expect((await search("q=goteborg")).results[0]?.label).toBe("Göteborg, Sweden");
      expect(((await test.request("GET", "/api/places/reverse?lat=59.3326&lon=18.0649")).body.result as Place).label).toBe(
        "Stockholm, Sweden",
      );
      expect(failing.requests.length).toBe(2);
    } finally {
      await failing.close();
    }
    // Now nothing listens on that port at all (and there is no network on this machine).
    test.services.places.forget();
    expect((await search("q=malmo")).results[0]?.label).toBe("Malmö, Sweden");
    await test.db.updateTable("app_config").set({ value: "https://api.mapbox.com" }).where("key", "=", mapsUrlKey).execute();
    test.services.places.forget();
    expect((await search("q=uppsala")).results[0]?.label).toBe("Uppsala, Sweden");
  });
});
