import { afterAll, beforeAll, expect, it } from "vitest";
import type { CatalogueService } from "../../../shared/booking.ts";
import { catalogueFallback } from "../../../shared/catalogue.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

describeEachEngine("service catalogue", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  it("answers the seeded services in euros, residential, driver, then outdoor", async () => {
    // Put an outdoor service first in the table's own order: the type order still wins (docs/product.md §7).
    await test.db.updateTable("services").set({ sort_order: -1 }).where("slug", "=", "event").execute();
    const response = await test.request("GET", "/api/services");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const services = response.body.services as CatalogueService[];
    expect(services.map((service) => service.slug)).toEqual(["residential", "driver", "event", "bodyguard", "going-out"]);
    expect(services[0]).toMatchObject({
      type: "vip_residential",
      basePrice: 499,
      guardMultiplier: true,
      timeOfDayPrices: { day: 1, night: 1.2, day_night: 2 },
    });
    expect(services[1]).toMatchObject({
      basePrice: 199,
      carOptions: { with_car: 1.5, without_car: 1 },
      carPrices: { "S-class": 1.5, "V-class": 1.3 },
    });
  });

  it("answers the services' names in Swedish from the catalogue's translations, which an editor can change (ADR 003)", async () => {
    const swedish = await test.request("GET", "/api/services?language=sv");
    expect(swedish.status).toBe(200);
    const services = swedish.body.services as CatalogueService[];
    expect(services.find((service) => service.slug === "residential")).toMatchObject({ title: "VIP-bostadsskydd", basePrice: 499 });
    expect(services.find((service) => service.slug === "bodyguard")?.description).toContain("Personskydd");

    await test.db
      .updateTable("service_translations")
      .set({ title: "VIP-hemskydd" })
      .where("service_id", "=", "svc-residential")
      .where("language", "=", "sv")
      .execute();
    // An edit drops the app's few-second copy of the catalogue, as a catalogue editor must.
    test.services.catalogue.forget();
    const edited = (await test.request("GET", "/api/services?language=sv")).body.services as CatalogueService[];
    expect(edited.find((service) => service.slug === "residential")?.title).toBe("VIP-hemskydd");

    const english = (await test.request("GET", "/api/services")).body.services as CatalogueService[];
    expect(english.find((service) => service.slug === "residential")?.title).toBe("VIP Residential Protection");
  });

  it("refuses an unknown language with a clear 400", async () => {
    const response = await test.request("GET", "/api/services?language=de");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: "invalid_input" } });
  });

  it("answers the fallback sample services when the table is empty (docs/product.md §3)", async () => {
    await test.db.deleteFrom("services").execute();
    test.services.catalogue.forget();
    const response = await test.request("GET", "/api/services");
    expect(response.status).toBe(200);
    const services = response.body.services as CatalogueService[];
    expect(services).toEqual(catalogueFallback);
    expect(services.map((service) => [service.type, service.basePrice])).toEqual([
      ["vip_residential", 499],
      ["vip_driver", 199],
      ["vip_outdoor", 199],
    ]);

    const swedish = (await test.request("GET", "/api/services?language=sv")).body.services as CatalogueService[];
    expect(swedish.map((service) => service.title)).toEqual(["VIP-bostadsskydd", "VIP-säkerhetschaufför", "VIP-livvakt"]);
  });
});
