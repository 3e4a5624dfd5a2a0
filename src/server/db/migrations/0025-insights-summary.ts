import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";
import { writeSummary } from "../../insights/daily-summary.ts";

// ADR 154: the insights page reads per-day summary rows (docs/insights.md) kept by the writers of
// bookings and their events in the same transaction (ADR 155); the rows are written here once from
// the bookings and events already stored. ADR 156: the team's answers to their assignments are
// read by the time of the answer.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("insights_days")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("service_type", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("n", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("cents", "bigint", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("insights_days_key", ["day", "service_type", "kind"])
    .execute();
  // The same rows added up per ISO week (the Monday): periods drawn per week read these.
  await db.schema
    .createTable("insights_weeks")
    .addColumn("week", "text", (column) => column.notNull())
    .addColumn("service_type", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("n", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("cents", "bigint", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("insights_weeks_key", ["week", "service_type", "kind"])
    .execute();
  await db.schema.createIndex("booking_assignments_responded").on("booking_assignments").columns(["responded_at", "state"]).execute();
  await writeSummary(db as unknown as Kysely<DatabaseSchema>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("booking_assignments_responded").execute();
  await db.schema.dropTable("insights_weeks").execute();
  await db.schema.dropTable("insights_days").execute();
}
