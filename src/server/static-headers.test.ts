import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvironment } from "./env.ts";
import { startServer, type RunningServer } from "./server.ts";

// app.ts: documents carry every security header; a hashed script carries the two that apply to it
// (nosniff, HSTS) and no validator, since an immutable asset is never revalidated (RFC 8246).
describe("headers of the built site", () => {
  let running: RunningServer;
  beforeAll(async () => {
    const clientDirectory = mkdtempSync(path.join(tmpdir(), "static-headers-"));
    mkdirSync(path.join(clientDirectory, "assets"));
    writeFileSync(path.join(clientDirectory, "index.html"), "<!doctype html><title>Landing</title><p>Landing</p>");
    writeFileSync(path.join(clientDirectory, "assets", "entry-abc123.js"), "console.log('entry');");
    const env = loadEnvironment({
      NODE_ENV: "test",
      PORT: "0",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "static-headers-data-")),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: "",
    });
    running = await startServer(env, { clientDirectory });
  });
  afterAll(() => running.stop());

  it("gives a page the document policies and a script only nosniff, cached for a year without an ETag", async () => {
    const page = await fetch(`${running.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(page.headers.get("permissions-policy")).toContain("geolocation=(self)");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("etag")).toBeTruthy();

    const script = await fetch(`${running.url}/assets/entry-abc123.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe("console.log('entry');");
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const documentOnly of ["x-frame-options", "cross-origin-opener-policy", "permissions-policy", "referrer-policy", "etag"]) {
      expect(script.headers.get(documentOnly), documentOnly).toBeNull();
    }
  });
});
