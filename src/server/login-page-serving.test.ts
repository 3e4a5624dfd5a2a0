import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadStaticSite } from "./static-site.ts";
import { createSignedInUser } from "./test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "./test-support/test-app.ts";

// ADR 085: /login is prerendered for visitors without a session; a visitor whose browser sends
// Better Auth's session cookie gets the SPA shell, which checks the session and redirects a
// signed-in customer to the dashboard (docs/product.md §2), as it did before /login was prerendered.
describeEachEngine("which /login document the server sends", (engine) => {
  let test: TestApp;
  let clientDirectory: string;
  let request: (cookie?: string) => Promise<string>;

  beforeAll(async () => {
    test = await createTestApp(engine);
    clientDirectory = mkdtempSync(path.join(tmpdir(), "login-page-"));
    mkdirSync(path.join(clientDirectory, "login"));
    writeFileSync(path.join(clientDirectory, "login", "index.html"), "<!doctype html><title>Sign in</title><form>E-mail</form>");
    writeFileSync(path.join(clientDirectory, "__spa-fallback.html"), "<!doctype html><title>Application shell</title>");
    const app = createApp(test.deps, loadStaticSite(clientDirectory), test.services);
    request = async (cookie) => (await app.request("/login", { headers: cookie ? { Cookie: cookie } : {} })).text();
  });
  afterAll(async () => {
    await test.close();
    rmSync(clientDirectory, { recursive: true, force: true });
  });

  it("sends the prerendered sign-in form to a visitor without a session cookie", async () => {
    expect(await request()).toContain("<form>E-mail</form>");
    expect(await request("unrelated=1")).toContain("<form>E-mail</form>");
  });

  it("sends the application shell to a signed-in customer, so the page can redirect them", async () => {
    const customer = await createSignedInUser(test);
    expect(await request(customer.cookie)).toContain("Application shell");
  });
});
