import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { loadEnvironment } from "./env.ts";
import { createPostgresSchema } from "./test-support/server-process.ts";
import { describeEachEngine, testPostgresUrl } from "./test-support/test-app.ts";

// ADR 071: `npm run admin:create` runs in a shell of its own, which may not carry the server's
// PORT; the link it prints uses the configured origin, and says so when it had to assume one.

const run = promisify(execFile);
const script = path.join(import.meta.dirname, "..", "..", "scripts", "admin-create.ts");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describeEachEngine("npm run admin:create", (engine) => {
  async function createAdmin(environment: Record<string, string>) {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "admin-create-"));
    let databaseUrl = "";
    if (engine === "postgres") {
      const schema = await createPostgresSchema(testPostgresUrl ?? "");
      databaseUrl = schema.url;
      cleanups.push(schema.drop);
    }
    cleanups.push(async () => rmSync(dataDirectory, { recursive: true, force: true }));
    return run(process.execPath, [script, "--email", `admin-${randomBytes(4).toString("hex")}@example.se`], {
      env: { DATA_DIR: dataDirectory, DATABASE_URL: databaseUrl, NODE_ENV: "development", ...environment },
    });
  }

  it("prints the link at the app's port when PORT is given, and at APP_URL when that is given", async () => {
    const onPort = await createAdmin({ PORT: "4123" });
    expect(onPort.stdout).toMatch(/^http:\/\/localhost:4123\/reset-password\?token=\S+$/m);
    const atOrigin = await createAdmin({ PORT: "4123", APP_URL: "https://book.nordicshield.se" });
    expect(atOrigin.stdout).toMatch(/^https:\/\/book\.nordicshield\.se\/reset-password\?token=\S+$/m);
    expect(atOrigin.stderr).toBe("");
    // ADR 271: the first admin learns before the console says so that it takes a passkey.
    expect(atOrigin.stdout).toContain("the console asks you to add a passkey");
  });

  it("says which origin it assumed when neither APP_URL nor PORT is set", async () => {
    const assumed = await createAdmin({});
    expect(assumed.stdout).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=\S+$/m);
    expect(assumed.stderr).toContain("APP_URL is not set");
    expect(assumed.stderr).toContain("http://localhost:3000");
  });
});

it("sends mail as Nordic Shield unless MAIL_FROM says otherwise", () => {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "mail-from-"));
  cleanups.push(async () => rmSync(dataDirectory, { recursive: true, force: true }));
  expect(loadEnvironment({ DATA_DIR: dataDirectory }).mailFrom).toBe("Nordic Shield <no-reply@localhost>");
  expect(loadEnvironment({ DATA_DIR: dataDirectory, MAIL_FROM: "Bokning <a@b.se>" }).mailFrom).toBe("Bokning <a@b.se>");
});
