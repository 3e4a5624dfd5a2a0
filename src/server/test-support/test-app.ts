import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino, { type Logger } from "pino";
import { describe } from "vitest";
import { createApp, createServices } from "../app.ts";
import type { Clock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { openDatabase, type DatabaseEngine } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { loadEnvironment } from "../env.ts";
import { createLocalDiskStorage } from "../storage/local-disk-storage.ts";
import { createPostgresSchema } from "./server-process.ts";

// Server integration tests run through app.request() against a real database: a fresh SQLite
// file per test app, and a fresh PostgreSQL schema when TEST_DATABASE_URL is set (CI sets it).

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The PostgreSQL the tests may use, for tests that reach it their own way (through a proxy). */
export { postgresUrl as testPostgresUrl };

export const testEngines: DatabaseEngine[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];

if (!postgresUrl) {
  if (process.env.CI) throw new Error("CI must set TEST_DATABASE_URL so the suite also runs on PostgreSQL.");
  console.warn("TEST_DATABASE_URL is not set: integration tests run on SQLite only.");
}

/** Runs the same suite once per database engine. */
export function describeEachEngine(name: string, suite: (engine: DatabaseEngine) => void) {
  for (const engine of testEngines) describe(`${name} [${engine}]`, () => suite(engine));
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * databasePort: the app reaches PostgreSQL through this local port (a TcpProxy) instead of directly.
 * sharedWith: a second app on the same PostgreSQL schema, as a second process behind a load
 * balancer would be (the schema is dropped by the app that made it).
 */
export async function createTestApp(
  engine: DatabaseEngine,
  environment: Record<string, string> = {},
  options: { databasePort?: number; logger?: Logger; sharedWith?: { deps: AppDependencies }; clock?: Clock } = {},
) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "booking-test-"));
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (engine === "postgres" && options.sharedWith) {
    databaseUrl = options.sharedWith.deps.env.databaseUrl;
  } else if (engine === "postgres") {
    if (!postgresUrl) throw new Error("TEST_DATABASE_URL is required for the postgres engine");
    const schema = await createPostgresSchema(postgresUrl);
    const url = new URL(schema.url);
    if (options.databasePort) {
      url.hostname = "127.0.0.1";
      url.port = String(options.databasePort);
    }
    databaseUrl = url.toString();
    dropSchema = schema.drop;
  }
  const env = loadEnvironment({
    NODE_ENV: "test",
    DATA_DIR: dataDirectory,
    APP_URL: "http://localhost:3000",
    // A second app on the same database shares the first one's secret, so a session works on both.
    AUTH_SECRET: options.sharedWith?.deps.env.authSecret ?? randomBytes(32).toString("hex"),
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...environment,
  });
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDirectory: env.dataDirectory, timeouts: env.databaseTimeouts });
  await migrateToLatest(database.db);
  const deps: AppDependencies = {
    env,
    database,
    logger: options.logger ?? pino({ level: "silent" }),
    storage: createLocalDiskStorage(env.uploadsDirectory, { maxBytes: env.uploadsMaxBytes }),
  };
  const services = createServices(deps, { clock: options.clock });
  const app = createApp(deps, undefined, services);

  return {
    app,
    deps,
    services,
    db: database.db,
    /** JSON request helper; returns the status, headers and parsed body. */
    async request(method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
      const response = await app.request(url, {
        method,
        headers: { ...(options.body !== undefined && { "Content-Type": "application/json" }), ...options.headers },
        body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return {
        status: response.status,
        headers: response.headers,
        body: body as Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } },
      };
    },
    /** How many rows a table holds: "nothing written" assertions compare it before and after. */
    async countRows(table: keyof DatabaseSchema): Promise<number> {
      const row = await database.db
        .selectFrom(table)
        .select((select) => select.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await services.events.close();
      services.bankId?.close();
      await database.close();
      await dropSchema();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
