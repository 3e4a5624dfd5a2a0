import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicyFor, loadStaticSite } from "./static-site.ts";

// ADR 001 and ADR 026: prerendered pages as themselves, client-only screens and everything below the
// account and operator sections as the SPA shell, any other path as the 404 page with status 404.
describe("the built site", () => {
  let directory: string;
  let app: Hono;
  let currentFingerprint = "abc123";

  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "static-site-"));
    const page = (relative: string, text: string) => {
      mkdirSync(path.dirname(path.join(directory, relative)), { recursive: true });
      writeFileSync(path.join(directory, relative), `<!doctype html><title>${text}</title><p>${text}</p>`);
    };
    page("index.html", "Landing page");
    page("about/index.html", "About page");
    page("404/index.html", "Page not found");
    page("__spa-fallback.html", "Application shell");
    // ADR 065: a prerendered screen built from changing data, named by its fingerprint.
    mkdirSync(path.join(directory, "secure-booking"));
    writeFileSync(
      path.join(directory, "secure-booking", "index.html"),
      '<!doctype html><title>Booking page</title><div data-content-fingerprint="abc123">Booking page</div>',
    );
    writeFileSync(path.join(directory, "secure-booking.data"), "old loader data");
    const site = loadStaticSite(directory);
    app = new Hono();
    app.get("*", (c) =>
      site.handle(c, ({ pathname, fingerprint }) => pathname === "/secure-booking" && fingerprint === currentFingerprint),
    );
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function fetchPage(pathname: string) {
    const response = await app.request(pathname);
    return { status: response.status, body: await response.text() };
  }

  it("serves prerendered pages with their own text", async () => {
    expect(await fetchPage("/about")).toEqual({ status: 200, body: expect.stringContaining("About page") });
    expect(await fetchPage("/about/")).toEqual({ status: 200, body: expect.stringContaining("About page") });
  });

  it("serves the application shell for the client-only screens", async () => {
    for (const pathname of ["/register", "/customer-dashboard", "/customer-dashboard/bookings", "/admin"]) {
      expect(await fetchPage(pathname), pathname).toEqual({ status: 200, body: expect.stringContaining("Application shell") });
    }
  });

  it("serves the application shell for any deeper path of the account and operator sections", async () => {
    for (const pathname of ["/admin/bookings/123", "/customer-dashboard/bookings/x", "/customer-profile/edit", "/admin/"]) {
      expect(await fetchPage(pathname), pathname).toEqual({ status: 200, body: expect.stringContaining("Application shell") });
    }
  });

  it("answers other paths with the 404 page, including look-alikes of a section's path", async () => {
    for (const pathname of ["/nowhere", "/admins", "/customer-dashboard-old", "/login/extra", "/about/team"]) {
      expect(await fetchPage(pathname), pathname).toEqual({ status: 404, body: expect.stringContaining("Page not found") });
    }
  });

  it("serves a prerendered screen only while its data is current, else the application shell", async () => {
    currentFingerprint = "abc123";
    expect(await fetchPage("/secure-booking")).toEqual({ status: 200, body: expect.stringContaining("Booking page") });
    currentFingerprint = "def456";
    expect(await fetchPage("/secure-booking")).toEqual({ status: 200, body: expect.stringContaining("Application shell") });
  });

  it("serves the application shell for a prerendered screen when nobody can say its data is current", async () => {
    const site = loadStaticSite(directory);
    const unchecked = new Hono();
    unchecked.get("*", (c) => site.handle(c));
    expect(await (await unchecked.request("/secure-booking")).text()).toContain("Application shell");
  });

  it("never serves React Router's prerendered loader data", async () => {
    expect((await fetchPage("/secure-booking.data")).status).toBe(404);
  });
});

// ADR 256: each page, the shell and the 404 page in the visitor's language: the language cookie
// first, then Accept-Language, else English; every HTML answer varies on both.
describe("the built site in the visitor's language", () => {
  let directory: string;
  let app: Hono;

  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "static-site-languages-"));
    const page = (relative: string, language: string, text: string) => {
      mkdirSync(path.dirname(path.join(directory, relative)), { recursive: true });
      writeFileSync(path.join(directory, relative), `<!doctype html><html lang="${language}"><title>${text}</title><p>${text}</p></html>`);
    };
    page("index.html", "en", "Discreet protection");
    page("index.sv.html", "sv", "Diskret skydd");
    page("help/index.html", "en", "Get help");
    page("help/index.sv.html", "sv", "Få hjälp");
    page("about/index.html", "en", "About us");
    page("404/index.html", "en", "Page not found");
    page("404/index.sv.html", "sv", "Sidan finns inte");
    page("__spa-fallback.html", "en", "Loading");
    page("__spa-fallback.sv.html", "sv", "Laddar");
    const site = loadStaticSite(directory);
    app = new Hono();
    app.get("*", (c) => site.handle(c));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function fetchPage(pathname: string, headers: Record<string, string> = {}) {
    const response = await app.request(pathname, { headers });
    return { status: response.status, vary: response.headers.get("vary"), body: await response.text() };
  }

  it("serves Swedish HTML to a visitor whose cookie says Swedish", async () => {
    for (const [pathname, text] of [
      ["/", "Diskret skydd"],
      ["/help", "Få hjälp"],
    ]) {
      const answer = await fetchPage(pathname!, { Cookie: "session=x; language=sv" });
      expect(answer.body, pathname).toContain('<html lang="sv">');
      expect(answer.body, pathname).toContain(text);
    }
  });

  it("serves English without a cookie or Accept-Language, and English when the cookie says English", async () => {
    expect((await fetchPage("/help")).body).toContain('<html lang="en"><title>Get help');
    expect((await fetchPage("/help", { Cookie: "language=en", "Accept-Language": "sv-SE,sv;q=0.9" })).body).toContain("Get help");
  });

  it("follows Accept-Language when no choice is remembered, the highest quality first", async () => {
    expect((await fetchPage("/", { "Accept-Language": "sv-SE,sv;q=0.9,en;q=0.8" })).body).toContain("Diskret skydd");
    expect((await fetchPage("/", { "Accept-Language": "en-GB,en;q=0.9,sv;q=0.8" })).body).toContain("Discreet protection");
    expect((await fetchPage("/", { "Accept-Language": "de-DE,de;q=0.9,sv;q=0.5" })).body).toContain("Diskret skydd");
    expect((await fetchPage("/", { "Accept-Language": "de-DE,fr;q=0.9" })).body).toContain("Discreet protection");
  });

  it("falls back to English for a page that has no Swedish file", async () => {
    expect((await fetchPage("/about", { Cookie: "language=sv" })).body).toContain("About us");
  });

  it("serves the shell and the 404 page in the language too", async () => {
    expect((await fetchPage("/customer-dashboard", { Cookie: "language=sv" })).body).toContain("Laddar");
    expect(await fetchPage("/nowhere", { Cookie: "language=sv" })).toMatchObject({
      status: 404,
      body: expect.stringContaining("Sidan finns inte"),
    });
  });

  it("says that each HTML answer depends on the cookie and Accept-Language, so no cache mixes languages", async () => {
    for (const pathname of ["/", "/help", "/customer-dashboard", "/nowhere"]) {
      expect((await fetchPage(pathname)).vary, pathname).toBe("Accept-Encoding, Cookie, Accept-Language");
    }
  });
});

// ADR 192: Stripe.js and its card field's frames are allowed only when the provider is Stripe.
describe("the pages' content security policy and the card provider", () => {
  it("lets Stripe's script, frames and API in with Stripe only", () => {
    const simulated = contentSecurityPolicyFor("<html></html>");
    expect(simulated).not.toContain("stripe.com");
    const stripe = contentSecurityPolicyFor("<html></html>", "stripe");
    expect(stripe).toContain("script-src 'self' https://js.stripe.com");
    expect(stripe).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com");
  });
});

// ADR 292: the shell names every module of the routes a path matches, as React Router's manifest
// lists them, so a signed-in screen's scripts load side by side instead of one level at a time.
describe("the application shell's module preloads", () => {
  let directory: string;
  let app: Hono;

  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "static-site-preloads-"));
    mkdirSync(path.join(directory, "assets"));
    const route = (id: string, module: string, extra: Record<string, unknown>) => ({ id, module: `/assets/${module}`, ...extra });
    const manifest = {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: {
        root: route("root", "root.js", { path: "", imports: ["/assets/framework.js"] }),
        "account-layout": route("account-layout", "account-layout.js", {
          parentId: "root",
          path: "customer-dashboard",
          imports: ["/assets/framework.js", "/assets/use-query.js", "/assets/require-session.js"],
        }),
        dashboard: route("dashboard", "dashboard.js", { parentId: "account-layout", index: true, imports: ["/assets/use-query.js"] }),
        "booking-detail": route("booking-detail", "booking-detail.js", {
          parentId: "account-layout",
          path: "bookings/:bookingId",
          imports: ["/assets/thread.js"],
        }),
        "account-not-found": route("account-not-found", "not-found.js", { parentId: "account-layout", path: "*", imports: [] }),
      },
      url: "/assets/manifest-abc.js",
      version: "abc",
    };
    writeFileSync(path.join(directory, "assets", "manifest-abc.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
    const shell = (language: string, text: string) =>
      `<!doctype html><html lang="${language}"><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/><link rel="modulepreload" href="/assets/framework.js"/></head><body><p>${text}</p></body></html>`;
    writeFileSync(path.join(directory, "__spa-fallback.html"), shell("en", "Loading"));
    writeFileSync(path.join(directory, "__spa-fallback.sv.html"), shell("sv", "Laddar"));
    const site = loadStaticSite(directory);
    app = new Hono();
    app.get("*", (c) => site.handle(c));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const preloads = async (pathname: string, headers: Record<string, string> = {}) => {
    const body = await (await app.request(pathname, { headers })).text();
    return [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]);
  };

  it("names the matched routes' modules and their imports once each, after the shell's own", async () => {
    expect(await preloads("/customer-dashboard")).toEqual([
      "/assets/entry.js",
      "/assets/root.js",
      "/assets/framework.js",
      "/assets/account-layout.js",
      "/assets/use-query.js",
      "/assets/require-session.js",
      "/assets/dashboard.js",
    ]);
  });

  it("follows dynamic segments and the section's not-found route, in either language", async () => {
    expect(await preloads("/customer-dashboard/bookings/0c1d", { cookie: "language=sv" })).toEqual(
      expect.arrayContaining(["/assets/account-layout.js", "/assets/booking-detail.js", "/assets/thread.js"]),
    );
    expect(await (await app.request("/customer-dashboard/bookings/0c1d", { headers: { cookie: "language=sv" } })).text()).toContain(
      "Laddar",
    );
    expect(await preloads("/customer-dashboard/no-such-screen")).toContain("/assets/not-found.js");
    expect(await preloads("/customer-dashboard/no-such-screen")).not.toContain("/assets/dashboard.js");
  });
});
