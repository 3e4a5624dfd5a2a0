import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { DatabaseSchema } from "./schema.ts";

/**
 * Locks a booking's row until the caller's transaction ends, before anything that decides on the
 * booking's money is read (ADR 215): a second writer of the same booking waits here and then reads
 * what the first committed. On PostgreSQL that is the row lock of SELECT … FOR UPDATE; a SQLite
 * transaction begins IMMEDIATE and so holds the database's one write lock already
 * (src/server/db/node-sqlite-dialect.ts).
 */
export async function lockBookingRow(transaction: Kysely<DatabaseSchema>, bookingId: string): Promise<void> {
  if (transaction.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from bookings where id = ${bookingId} for update`.execute(transaction);
  }
}
