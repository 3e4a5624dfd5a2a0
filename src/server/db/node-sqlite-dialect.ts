import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from "kysely";

// Kysely ships a SQLite dialect written for better-sqlite3's statement API. node:sqlite
// (ADR 002) differs in two ways this adapter bridges: parameters are spread rather than passed
// as an array, and it accepts neither booleans nor Dates.

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => {
      const result = statement.run(...bind(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...bind(parameters)) as IterableIterator<unknown>,
  };
}

/** Distinct SQL texts kept prepared; the app issues a few hundred at most (ADR 052). */
const maximumCachedStatements = 500;

/**
 * Transactions begin IMMEDIATE, taking the write lock at once: another process writing the same
 * file (`npm run admin:create`, a backup, a second server on the file) then makes this one wait out
 * busy_timeout. A DEFERRED transaction that read first gets SQLITE_BUSY at once when the other
 * commits before it writes, and busy_timeout does not apply (sqlite.org/lang_transaction.html).
 * One connection per process runs one transaction at a time anyway, so nothing here waits longer.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}

export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Kysely prepares every query anew; compiling the same SQL on each request showed up as the
  // largest single cost of booking creation (bench/booking.ts), so statements are reused. A
  // statement runs synchronously to completion (all/run), so one instance is never used twice at once.
  const statements = new Map<string, SqliteStatement>();
  const adapted: SqliteDatabase = {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = adaptStatement(database.prepare(sql));
        if (statements.size >= maximumCachedStatements) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
  return new NodeSqliteDialect({ database: adapted });
}
