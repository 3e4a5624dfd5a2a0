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
