import pg from "pg";

/** What a client sees while the database cannot answer (503, code database_unavailable). */
export const databaseUnavailableMessage = "The service is briefly unavailable. Please try again in a moment.";

/** Socket errors of a connection that could not be made or was lost. */
const networkErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs (PostgreSQL manual, appendix A) meaning the server cannot serve now, rather than that
 * the query is wrong: class 08 connection exception, 53300 too many connections, 57014 cancelled
 * by statement_timeout, 57P01–57P05 shutdown, crash recovery, start-up, idle-session timeout.
 */
const unavailableStates = new Set(["53300", "57014", "57P01", "57P02", "57P03", "57P04", "57P05"]);

/** Messages of pg and pg-pool for a connection that timed out or was lost (they carry no code). */
const lostConnectionMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "is not queryable",
];

/** SQLite primary result codes: SQLITE_BUSY (5) and SQLITE_LOCKED (6), left after busy_timeout. */
const sqliteBusyCodes = new Set([5, 6]);

/**
 * ADR 110: the pool could not open a connection. Whatever PostgreSQL gave as the reason (a
 * database closed to connections, 55000; too many clients, 53300; starting up, 57P03; a database
 * dropped in a failover, 3D000), the request cannot be served now, and no query of ours is at fault.
 */
export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    super(`could not open a database connection: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseConnectionError";
  }
}

/** SQLSTATE 3D000 (no such database) and class 28 (authentication): waiting at start cannot fix these. */
export function isPermanentConnectionFailure(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = field(cause, "code");
    if (cause instanceof pg.DatabaseError && typeof code === "string" && (code === "3D000" || code.startsWith("28"))) return true;
  }
  return false;
}

function field(error: object, name: string): unknown {
  return name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/**
 * True when an error says the database is down, unreachable, too slow or too busy, so the request
 * should get a 503 the client may retry, not a 500 (ADR 011).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const current = cause;
    if (current instanceof DatabaseConnectionError) return true;
    const code = field(current, "code");
    if (current instanceof pg.DatabaseError) {
      if (typeof code === "string" && (code.startsWith("08") || unavailableStates.has(code))) return true;
      continue;
    }
    if (typeof code === "string" && networkErrorCodes.has(code)) return true;
    if (code === "ERR_SQLITE_ERROR") {
      const sqliteCode = field(current, "errcode");
      if (typeof sqliteCode === "number" && sqliteBusyCodes.has(sqliteCode & 0xff)) return true;
    }
    if (lostConnectionMessages.some((message) => current.message.includes(message))) return true;
  }
  return false;
}
