import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEnvironment } from "../env.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

// ADR 012: the SQLite files hold password hashes, sessions and customers' details; they and the
// directories the app creates are the owner's alone, whatever the umask the process runs with.

const roots: string[] = [];
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), "private-files-"));
  roots.push(root);
  return root;
};
const modeOf = (file: string) => statSync(file).mode & 0o777;

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("files the app creates on disk", () => {
  let previousUmask = 0;
  beforeEach(() => {
    // The loosest umask there is: nothing is taken away from the modes the app asks for.
    previousUmask = process.umask(0);
  });
  afterEach(() => {
    process.umask(previousUmask);
  });

  it("creates DATA_DIR, the SQLite database and its -wal and -shm files readable by the owner only", async () => {
    const dataDirectory = path.join(newRoot(), "nested", "data");
    const env = loadEnvironment({ NODE_ENV: "test", DATA_DIR: dataDirectory, DATABASE_URL: "" });
    expect(modeOf(dataDirectory)).toBe(0o700);
    expect(modeOf(path.join(dataDirectory, "auth-secret"))).toBe(0o600);
    const database = openDatabase({ dataDirectory: env.dataDirectory });
    await migrateToLatest(database.db);
    const file = path.join(dataDirectory, "app.db");
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect({ name, mode: modeOf(name) }).toEqual({ name, mode: 0o600 });
    await database.close();
  });

  it("makes a database file left readable by an older version owner-only when it opens it", async () => {
    const dataDirectory = newRoot();
    const file = path.join(dataDirectory, "app.db");
    new DatabaseSync(file).close();
    writeFileSync(`${file}-wal`, "");
    chmodSync(file, 0o644);
    chmodSync(`${file}-wal`, 0o644);
    const database = openDatabase({ dataDirectory });
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    await database.close();
  });
});

describe("a SQLite database locked by another writer", () => {
  it("answers 503 database_unavailable after the statement timeout instead of a 500, and works once the lock is gone", async () => {
    const test = await createTestApp("sqlite", { DATABASE_STATEMENT_TIMEOUT_MS: "300" });
    const other = new DatabaseSync(path.join(test.deps.env.dataDirectory, "app.db"));
    const application = { fullName: "Anna Berg", email: "anna@example.se", audience: "concierge" };
    const headers = { "X-Test-Client-Ip": `198.51.100.${randomBytes(1)[0]}` };
    try {
      other.exec("BEGIN IMMEDIATE");
      const started = performance.now();
      const locked = await test.request("POST", "/api/affiliate/applications", { body: application, headers });
      expect(locked.status).toBe(503);
      expect(locked.body.error?.code).toBe("database_unavailable");
      expect(performance.now() - started).toBeLessThan(3000);
      other.exec("ROLLBACK");
      expect((await test.request("POST", "/api/affiliate/applications", { body: application, headers })).status).toBe(201);
    } finally {
      other.close();
      await test.close();
    }
  });
});
