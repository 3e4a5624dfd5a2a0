import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";
import { writeSummary } from "../../insights/daily-summary.ts";

// ADR 249: the insights summary counts a booking under each of its services (and once, under '',
// in the totals) where it counted it under its first service only; the stored rows are written
// again from the bookings, lines and events by the new definition, in this migration's transaction.
// Going down writes them again too, by whatever definition the code then has.

export async function up(db: Kysely<unknown>): Promise<void> {
  await writeSummary(db as unknown as Kysely<DatabaseSchema>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await writeSummary(db as unknown as Kysely<DatabaseSchema>);
}
