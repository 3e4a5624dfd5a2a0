import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";

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

export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const adapted: SqliteDatabase = {
    close: () => database.close(),
    prepare: (sql) => adaptStatement(database.prepare(sql)),
  };
  return new SqliteDialect({ database: adapted });
}
