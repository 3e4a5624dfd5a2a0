import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { seededCatalogue } from "../../catalogue-store.ts";
import type { PageRenderer } from "../../page-renderer.ts";
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

  // ADR 172: with the build's page renderer, an edit no longer costs the prerendered HTML. The real
  // renderer (React Router's server build) is exercised by e2e/booking-page-rerendered.spec.ts; here
  // a renderer writes the load context it is given, to check what the server asks for and serves.
  it("after an edit, serves the page rendered again with the live catalogue, once per catalogue", async () => {
    const renders: string[] = [];
    let answerWithFingerprint: ((fingerprint: string) => string) | null = null;
    const renderer: PageRenderer = {
      async render(pathname, loadContext) {
        const { bookingCatalogue } = loadContext as {
          bookingCatalogue: { services: { slug: string; basePrice: number }[]; fingerprint: string };
        };
        renders.push(pathname);
        const residential = bookingCatalogue.services.find((service) => service.slug === "residential");
        const fingerprint = answerWithFingerprint ? answerWithFingerprint(bookingCatalogue.fingerprint) : bookingCatalogue.fingerprint;
        return `<!doctype html><title>Rendered again</title><div data-content-fingerprint="${fingerprint}">€ ${residential?.basePrice}</div><script>window.rendered = true</script>`;
      },
    };
    const rerendering = createApp(test.deps, loadStaticSite(directory, renderer), test.services);
    const setPrice = async (cents: number) => {
      await test.db.updateTable("services").set({ base_price_cents: cents }).where("slug", "=", "residential").execute();
      test.services.catalogue.forget();
    };
    try {
      await setPrice(61_100);
      const response = await rerendering.request("/secure-booking", { headers: { "Accept-Encoding": "br" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("br");
      const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
      expect(html).toContain("Rendered again");
      expect(html).toContain("€ 611");
      // The page's inline script is allowed by its hash, as in every prerendered page.
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
      expect(await (await rerendering.request("/secure-booking")).text()).toContain("€ 611");
      expect(renders).toEqual(["/secure-booking"]);

      // Another edit: rendered again for that catalogue.
      await setPrice(62_200);
      expect(await (await rerendering.request("/secure-booking")).text()).toContain("€ 622");
      expect(renders).toHaveLength(2);

      // HTML that names other data than the live catalogue is never served: the shell is.
      answerWithFingerprint = () => "0".repeat(64);
      await setPrice(63_300);
      expect(await (await rerendering.request("/secure-booking")).text()).toContain("Application shell");
    } finally {
      await setPrice(49_900);
    }
    expect(await (await rerendering.request("/secure-booking")).text()).toContain("Prerendered booking");
  });
});
