import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./database.ts";

// Another process on the same SQLite file (`npm run admin:create` beside the running server, a
// backup) must make a transaction wait, not fail it: a transaction takes the write lock when it
// begins, so nobody can commit between its read and its write (sqlite.org/lang_transaction.html).

let handle: DatabaseHandle | undefined;
let directory: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

it("keeps the write lock from a transaction's first read, so another connection's commit cannot refuse its write", async () => {
  directory = mkdtempSync(path.join(tmpdir(), "sqlite-write-lock-"));
  handle = openDatabase({ dataDirectory: directory, timeouts: { connectTimeoutMs: 1_000, statementTimeoutMs: 2_000 } });
  await sql`create table counters (name text primary key, value integer not null)`.execute(handle.db);
  await sql`insert into counters values ('visits', 0)`.execute(handle.db);
  // The other process, as a second connection that does not wait for locks.
  const other = new DatabaseSync(path.join(directory, "app.db"));
  other.exec("PRAGMA busy_timeout = 0");
  let otherAnswer = "";
  try {
    await handle.db.transaction().execute(async (transaction) => {
      const row = await sql<{ value: number }>`select value from counters where name = 'visits'`.execute(transaction);
      try {
        other.exec("update counters set value = value + 100 where name = 'visits'");
        otherAnswer = "committed";
      } catch (error) {
        otherAnswer = (error as { errstr?: string }).errstr ?? String(error);
      }
      await sql`update counters set value = ${Number(row.rows[0]?.value) + 1} where name = 'visits'`.execute(transaction);
    });
  } finally {
    other.close();
  }
  // The other connection was told to wait (it would, with a busy timeout), and this write stood.
  expect(otherAnswer).toBe("database is locked");
  const after = await sql<{ value: number }>`select value from counters where name = 'visits'`.execute(handle.db);
  expect(Number(after.rows[0]?.value)).toBe(1);
});
