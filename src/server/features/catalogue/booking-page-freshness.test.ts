import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { seededCatalogue } from "../../catalogue-store.ts";
import { loadStaticSite } from "../../static-site.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 065: /secure-booking is prerendered with the seeded catalogue and names it by fingerprint;
// the server serves that HTML only while the live catalogue is the same, never a stale price.
describeEachEngine("the prerendered booking page", (engine) => {
  let test: TestApp;
  let directory: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    test = await createTestApp(engine);
    directory = mkdtempSync(path.join(tmpdir(), "booking-page-"));
    const { fingerprint } = await seededCatalogue();
    mkdirSync(path.join(directory, "secure-booking"));
    writeFileSync(
      path.join(directory, "secure-booking", "index.html"),
      `<!doctype html><title>Prerendered booking</title><div data-content-fingerprint="${fingerprint}">€ 499</div>`,
    );
    writeFileSync(path.join(directory, "__spa-fallback.html"), "<!doctype html><title>Application shell</title>");
    app = createApp(test.deps, loadStaticSite(directory), test.services);
  });
  afterAll(async () => {
    rmSync(directory, { recursive: true, force: true });
    await test.close();
  });

  const page = async () => (await app.request("/secure-booking")).text();

  it("is served while the live catalogue is the one it was built with", async () => {
    expect(await page()).toContain("Prerendered booking");
  });

  it("gives way to the application shell once a price changes, and comes back when it is restored", async () => {
    const setPrice = async (cents: number) => {
      await test.db.updateTable("services").set({ base_price_cents: cents }).where("slug", "=", "residential").execute();
      // An edit drops the app's few-second copy of the catalogue, as a catalogue editor must.
      test.services.catalogue.forget();
    };
    await setPrice(54_900);
    expect(await page()).toContain("Application shell");
    expect(await page()).not.toContain("€ 499");
    await setPrice(49_900);
    expect(await page()).toContain("Prerendered booking");
  });
});
