import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./database.ts";
import * as foundation from "./migrations/0001-foundation.ts";
import * as accounts from "./migrations/0002-accounts.ts";
import * as bookings from "./migrations/0003-bookings.ts";

// Migrations are listed here rather than read from disk so they survive bundling and run in order.
const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-accounts": accounts,
  "0003-bookings": bookings,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; run at start (ARCHITECTURE.md). */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
