import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvironmentError, loadEnvironment, loadSiteConfig } from "./env.ts";

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

  it("bounds every wait for the database and places uploads under DATA_DIR unless told otherwise (ADR 011, ADR 013)", () => {
    const directory = dataDirectory();
    const env = loadEnvironment({ DATA_DIR: directory });
    expect(env.databaseTimeouts).toEqual({ connectTimeoutMs: 5000, statementTimeoutMs: 5000 });
    expect(env.databaseStart).toEqual({ attempts: 11, intervalMs: 3000 });
    expect(env.uploadsDirectory).toBe(path.join(directory, "uploads"));
    const custom = loadEnvironment({
      DATA_DIR: directory,
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      DATABASE_STATEMENT_TIMEOUT_MS: "15000",
      DATABASE_START_RETRIES: "0",
      UPLOADS_DIR: path.join(directory, "elsewhere"),
    });
    expect(custom.databaseTimeouts).toEqual({ connectTimeoutMs: 2000, statementTimeoutMs: 15_000 });
    expect(custom.databaseStart.attempts).toBe(1);
    expect(custom.uploadsDirectory).toBe(path.join(directory, "elsewhere"));
    for (const [variable, value] of [
      ["DATABASE_CONNECT_TIMEOUT_MS", "0"],
      ["DATABASE_STATEMENT_TIMEOUT_MS", "soon"],
      ["DATABASE_START_RETRIES", "-1"],
      ["DATABASE_START_RETRY_INTERVAL_MS", "1.5"],
    ] as const) {
      expect(() => loadEnvironment({ DATA_DIR: directory, [variable]: value })).toThrow(variable);
    }
  });

  it("has no uploads quota unless UPLOADS_MAX_BYTES gives a whole number of bytes (ADR 083)", () => {
    const directory = dataDirectory();
    expect(loadEnvironment({ DATA_DIR: directory }).uploadsMaxBytes).toBeUndefined();
    expect(loadEnvironment({ DATA_DIR: directory, UPLOADS_MAX_BYTES: "" }).uploadsMaxBytes).toBeUndefined();
    expect(loadEnvironment({ DATA_DIR: directory, UPLOADS_MAX_BYTES: "5000000000" }).uploadsMaxBytes).toBe(5_000_000_000);
    for (const value of ["0", "-1", "5G", "1.5"]) {
      expect(() => loadEnvironment({ DATA_DIR: directory, UPLOADS_MAX_BYTES: value })).toThrow("UPLOADS_MAX_BYTES");
    }
  });

  it("reads the footer's social links from SOCIAL_LINKS, none when unset (docs/product.md §2 footer)", () => {
    expect(loadEnvironment({ DATA_DIR: dataDirectory() }).site.socialLinks).toEqual([]);
    const env = loadEnvironment({
      DATA_DIR: dataDirectory(),
      SOCIAL_LINKS: " Instagram=https://www.instagram.com/nordicshield , linkedin=https://www.linkedin.com/company/nordic-shield?trk=1",
    });
    expect(env.site.socialLinks).toEqual([
      { network: "instagram", url: "https://www.instagram.com/nordicshield" },
      { network: "linkedin", url: "https://www.linkedin.com/company/nordic-shield?trk=1" },
    ]);
  });

  it.each([
    [{ SOCIAL_LINKS: "myspace=https://myspace.com/nordic" }, "SOCIAL_LINKS"],
    [{ SOCIAL_LINKS: "instagram=http://www.instagram.com/nordicshield" }, "SOCIAL_LINKS"],
    [{ SOCIAL_LINKS: "instagram=#" }, "SOCIAL_LINKS"],
    [{ SOCIAL_LINKS: "https://www.instagram.com/nordicshield" }, "SOCIAL_LINKS"],
    [{ SOCIAL_LINKS: "x=https://x.com/a, x=https://x.com/b" }, "SOCIAL_LINKS"],
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
  it("derives the site's seller from the SELLER_* settings and refuses the retired registration variables", () => {
    const site = loadSiteConfig({ SELLER_NAME: "Vakt AB", SELLER_ORGANISATION_NUMBER: "5560125790" });
    expect(site.seller).toEqual({
      name: "Vakt AB",
      address: "Strandvägen 7A, 114 56 Stockholm, Sverige",
      organisationNumber: "556012-5790",
      vatNumber: "SE556012579001",
    });
    expect(() => loadSiteConfig({ COMPANY_REGISTRATION: "Vakt AB · 556000-0000" })).toThrow(/SELLER_NAME[\s\S]*at COMPANY_REGISTRATION/);
  });
});
