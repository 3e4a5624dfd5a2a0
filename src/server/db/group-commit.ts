import type { Transaction } from "kysely";
import type { Database } from "./database.ts";
import type { DatabaseSchema } from "./schema.ts";

type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

/**
 * Group commit (ADR 053): the writes that arrive in the same turn of the event loop run in one
 * transaction, so a burst of N bookings costs one commit instead of N. Each caller is answered
 * only after the transaction holding its write has committed, so nothing is acknowledged before
 * it is stored. If the shared transaction fails, every write is retried in its own transaction:
 * one bad write fails alone and never takes the others with it.
 */
export function groupCommit<Item, Result>(
  db: Database,
  write: (transaction: Transaction<DatabaseSchema>, item: Item) => Promise<Result>,
): (item: Item) => Promise<Result> {
  let waiting: Waiting<Item, Result>[] = [];

  async function flush() {
    const batch = waiting;
    waiting = [];
    try {
      const results = await db.transaction().execute(async (transaction) => {
        const done: Result[] = [];
        for (const { item } of batch) done.push(await write(transaction, item));
        return done;
      });
      batch.forEach((entry, index) => entry.resolve(results[index] as Result));
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      for (const entry of batch) {
        await db
          .transaction()
          .execute((transaction) => write(transaction, entry.item))
          .then(entry.resolve, entry.reject);
      }
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // setImmediate runs after the poll phase, so every request read in this turn joins the batch.
      if (waiting.length === 1) setImmediate(() => void flush());
    });
}
