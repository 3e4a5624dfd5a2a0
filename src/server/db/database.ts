import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  Kysely,
  PostgresDialect,
  sql,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { defaultDatabaseTimeouts } from "../env.ts";
import { ensurePrivateFile, makePrivateDirectory, restrictToOwner } from "../storage/private-files.ts";
import { DatabaseConnectionError, isDatabaseUnavailable, isPermanentConnectionFailure } from "./database-unavailable.ts";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.ts";
import type { DatabaseSchema } from "./schema.ts";

export type Database = Kysely<DatabaseSchema>;
export type DatabaseEngine = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  engine: DatabaseEngine;
  /** Where the database is, for log lines: host, port and name, never credentials. */
  location: string;
  close: () => Promise<void>;
};

export type DatabaseTimeouts = {
  /** Waiting for a connection (a new one or a free one from the pool) gives up after this. */
  connectTimeoutMs: number;
  /** A statement gives up after this (PostgreSQL statement_timeout; SQLite busy_timeout). */
  statementTimeoutMs: number;
};

/** Extra time the client waits past statement_timeout, so a live server cancels first and keeps the connection. */
const clientTimeoutMarginMs = 500;

// ADR 120: SQLite through node:sqlite by default, PostgreSQL when DATABASE_URL is set.
export function openDatabase(options: {
  databaseUrl?: string;
  dataDirectory: string;
  timeouts?: DatabaseTimeouts;
  logger?: Logger;
}): DatabaseHandle {
  const timeouts = options.timeouts ?? defaultDatabaseTimeouts;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, timeouts, options.logger);
  makePrivateDirectory(options.dataDirectory);
  const file = path.join(options.dataDirectory, "app.db");
  // ADR 012: SQLite gives the -wal and -shm files the mode of the database file, so an owner-only
  // database file keeps all three owner-only.
  ensurePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) restrictToOwner(companion);
  const sqlite = new DatabaseSync(file);
  // WAL lets readers proceed while a write commits; busy_timeout waits out a concurrent writer
  // from another process, then SQLITE_BUSY answers 503 like a PostgreSQL timeout (ADR 011).
  // ADR 111: secure_delete overwrites a deleted row's bytes with zeros instead of leaving them in a free page.
  sqlite.exec(
    `PRAGMA busy_timeout = ${Math.round(timeouts.statementTimeoutMs)}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;`,
  );
  const db = new Kysely<DatabaseSchema>({ dialect: createNodeSqliteDialect(sqlite) });
  return { db, engine: "sqlite", location: file, close: () => db.destroy() };
}

/**
 * ADR 011: a pool that survives the database going away. Every timeout is bounded, so a frozen
 * server costs a request a few seconds and a 503, never a hang; a lost connection is an event to
 * log (pg emits "error" on idle and checked-out clients alike, and an unhandled "error" event ends
 * the process); the pool opens fresh connections when the server is back.
 */
function openPostgres(databaseUrl: string, timeouts: DatabaseTimeouts, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + clientTimeoutMarginMs,
    idleTimeoutMillis: 10_000,
    // TCP keepalive finds a peer that vanished without closing while a connection sits idle.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on("error", (error) => logger?.warn({ err: error }, "idle database connection lost; the pool opens a new one when needed"));
  // A checked-out client reports a lost connection both to its running query (which fails the
  // request) and as an "error" event, which must have a listener.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: discardingBrokenConnections(pool) }) });
  const url = new URL(databaseUrl);
  return { db, engine: "postgres", location: `${url.hostname}:${url.port || "5432"}${url.pathname}`, close: () => db.destroy() };
}

/**
 * pg keeps a connection whose query timed out on the client side (a frozen server or network) in
 * the pool, where the next queries would queue behind the lost one. Such a connection is thrown
 * away on release, and the queries still sent to it (a transaction's ROLLBACK) fail at once.
 * Errors the server itself answered (pg.DatabaseError, e.g. a statement_timeout cancel) leave the
 * connection usable.
 */
function discardingBrokenConnections(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new DatabaseConnectionError(error);
      }
      return new DiscardedWhenBroken(client);
    },
    end: () => pool.end(),
  };
}

class DiscardedWhenBroken implements PostgresPoolClient {
  readonly #client: pg.PoolClient;
  #failure: unknown;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely passes a cursor only for .stream() with a cursor class configured, which this app never does.
    if (typeof textOrCursor !== "string") throw new Error("Streaming queries are not supported.");
    return this.#run<R>(textOrCursor, parameters);
  }

  async #run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (this.#failure) throw this.#failure;
    try {
      const result = await this.#client.query(text, [...parameters]);
      return { command: result.command as PostgresQueryResult<R>["command"], rowCount: result.rowCount ?? 0, rows: result.rows };
    } catch (error) {
      if (!(error instanceof pg.DatabaseError) && isDatabaseUnavailable(error)) this.#failure = error;
      throw error;
    }
  }

  release(): void {
    this.#client.release(Boolean(this.#failure));
  }
}

/**
 * ADR 111: after personal data was deleted, SQLite's write-ahead log still holds the pages as they
 * were before; a TRUNCATE checkpoint copies the current pages into the database file (where
 * secure_delete has zeroed the deleted rows) and empties the log. PostgreSQL keeps no such file of
 * ours, so there is nothing to do there. A checkpoint that cannot finish now (a long reader) is
 * retried by SQLite's own automatic checkpoints; the deletion itself has committed either way.
 */
export async function forgetDeletedData(handle: Pick<DatabaseHandle, "db" | "engine">): Promise<boolean> {
  if (handle.engine !== "sqlite") return true;
  // SQLite answers busy = 1 when a reader kept the checkpoint from finishing (it does not throw).
  const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
  return Number(rows[0]?.busy ?? 0) === 0;
}

export class DatabaseUnreachableError extends Error {}

/**
 * ADR 011: at start the database may still be coming up (a container started alongside, a
 * failover in progress). Tries `attempts` times, `intervalMs` apart, with one log line per failed
 * try, then gives up with one line for the operator. Errors that waiting cannot fix (wrong
 * password, no such database) stop at once.
 */
export async function waitForDatabase(
  handle: DatabaseHandle,
  options: { attempts: number; intervalMs: number; logger: Logger },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(handle.db);
      return;
    } catch (error) {
      const cause = error instanceof DatabaseConnectionError ? error.cause : error;
      const reason = cause instanceof Error ? cause.message.split("\n")[0] : String(cause);
      if (!isDatabaseUnavailable(error) || isPermanentConnectionFailure(error) || attempt >= options.attempts) {
        throw new DatabaseUnreachableError(
          `Cannot start: the ${handle.engine} database at ${handle.location} is not available (${reason}); tried ${attempt} time${attempt === 1 ? "" : "s"}.`,
        );
      }
      options.logger.warn(
        { database: handle.location, attempt, of: options.attempts, reason },
        `database not reachable yet (attempt ${attempt} of ${options.attempts}); retrying in ${options.intervalMs} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
    }
  }
}
