import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.ts";
import type { DatabaseSchema } from "./schema.ts";

export type Database = Kysely<DatabaseSchema>;
export type DatabaseEngine = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  engine: DatabaseEngine;
  /** The raw driver object, for libraries that want it (Better Auth's migrations). */
  close: () => Promise<void>;
};

// ARCHITECTURE.md: SQLite through node:sqlite by default, PostgreSQL when DATABASE_URL is set.
export function openDatabase(options: { databaseUrl?: string; dataDirectory: string }): DatabaseHandle {
  if (options.databaseUrl) {
    // Timestamps are stored as ISO-8601 text on both engines, so pg's type parsers stay at defaults.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: "postgres", close: () => db.destroy() };
  }
  mkdirSync(options.dataDirectory, { recursive: true });
  const sqlite = new DatabaseSync(path.join(options.dataDirectory, "app.db"));
  // WAL lets readers proceed while a write commits; busy_timeout waits out a concurrent writer
  // from another process instead of failing with SQLITE_BUSY.
  sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  const db = new Kysely<DatabaseSchema>({ dialect: createNodeSqliteDialect(sqlite) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}
