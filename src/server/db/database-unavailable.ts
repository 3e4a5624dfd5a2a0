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
