import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvironmentError, loadEnvironment } from "./env.ts";

const dataDirectory = () => mkdtempSync(path.join(tmpdir(), "env-test-"));

describe("environment validation", () => {
  it("applies the documented defaults", () => {
    const env = loadEnvironment({ DATA_DIR: dataDirectory() });
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.devMailbox).toBe(true);
    expect(env.authSecret).toHaveLength(64);
  });

  it("keeps the generated development secret across restarts", () => {
    const directory = dataDirectory();
    expect(loadEnvironment({ DATA_DIR: directory }).authSecret).toBe(loadEnvironment({ DATA_DIR: directory }).authSecret);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ NODE_ENV: "production" }, "AUTH_SECRET"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL"],
  ])("refuses %j and names the variable", (overrides, variable) => {
    expect(() => loadEnvironment({ DATA_DIR: dataDirectory(), ...overrides })).toThrow(EnvironmentError);
    expect(() => loadEnvironment({ DATA_DIR: dataDirectory(), ...overrides })).toThrow(variable);
  });
});
