import { Migrator, PostgresAdapter, sql, type DatabaseIntrospector, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./database.ts";
import * as foundation from "./migrations/0001-foundation.ts";
import * as accounts from "./migrations/0002-accounts.ts";
import * as bookings from "./migrations/0003-bookings.ts";
import * as outboxBookingReference from "./migrations/0004-outbox-booking-reference.ts";
import * as outboxPriorityAndPayload from "./migrations/0005-outbox-priority-and-payload.ts";
import * as serviceTranslations from "./migrations/0006-service-translations.ts";
import * as customerDashboard from "./migrations/0007-customer-dashboard.ts";
import * as profileEmailCodes from "./migrations/0008-profile-email-codes.ts";
import * as operatorConsole from "./migrations/0012-operator-console.ts";
import * as bookingLifecycle from "./migrations/0013-booking-lifecycle.ts";
import * as jobs from "./migrations/0014-jobs.ts";
import * as bookingLines from "./migrations/0015-booking-lines.ts";
import * as trust from "./migrations/0016-trust.ts";
import * as payments from "./migrations/0017-payments.ts";
import * as invoices from "./migrations/0018-invoices.ts";
import * as operatives from "./migrations/0019-operatives.ts";
import * as insights from "./migrations/0020-insights.ts";
import * as engagementDetails from "./migrations/0021-engagement-details.ts";
import * as bookingMessages from "./migrations/0022-booking-messages.ts";
import * as bookingChanges from "./migrations/0023-booking-changes.ts";
import * as insightsSummary from "./migrations/0025-insights-summary.ts";
import * as idempotencyKeys from "./migrations/0026-idempotency-keys.ts";
import * as buyerVat from "./migrations/0028-buyer-vat.ts";
import * as paymentNeeded from "./migrations/0029-payment-needed.ts";
import * as insightsEveryService from "./migrations/0033-insights-every-service.ts";
import * as notifications from "./migrations/0040-notifications.ts";
import * as passkeys from "./migrations/0045-passkeys.ts";
import * as bankId from "./migrations/0046-bankid.ts";
import * as companies from "./migrations/0050-companies.ts";
import * as bookingSeries from "./migrations/0055-booking-series.ts";
import * as alarms from "./migrations/0060-alarms.ts";
import * as checkIns from "./migrations/0061-check-ins.ts";
import * as guardTours from "./migrations/0062-guard-tours.ts";
import * as deviceWrites from "./migrations/0065-device-writes.ts";

// Migrations are listed here rather than read from disk so they survive bundling and run in order.
const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-accounts": accounts,
  "0003-bookings": bookings,
  "0004-outbox-booking-reference": outboxBookingReference,
  "0005-outbox-priority-and-payload": outboxPriorityAndPayload,
  "0006-service-translations": serviceTranslations,
  "0007-customer-dashboard": customerDashboard,
  "0008-profile-email-codes": profileEmailCodes,
  "0012-operator-console": operatorConsole,
  "0013-booking-lifecycle": bookingLifecycle,
  "0014-jobs": jobs,
  "0015-booking-lines": bookingLines,
  "0016-trust": trust,
  "0017-payments": payments,
  "0018-invoices": invoices,
  "0019-operatives": operatives,
  "0020-insights": insights,
  "0021-engagement-details": engagementDetails,
  "0022-booking-messages": bookingMessages,
  "0023-booking-changes": bookingChanges,
  "0025-insights-summary": insightsSummary,
  "0026-idempotency-keys": idempotencyKeys,
  "0028-buyer-vat": buyerVat,
  "0029-payment-needed": paymentNeeded,
  "0033-insights-every-service": insightsEveryService,
  "0040-notifications": notifications,
  "0045-passkeys": passkeys,
  "0046-bankid": bankId,
  "0050-companies": companies,
  "0055-booking-series": bookingSeries,
  "0060-alarms": alarms,
  "0061-check-ins": checkIns,
  "0062-guard-tours": guardTours,
  "0065-device-writes": deviceWrites,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; run at start. */
export async function migrateToLatest(db: Database): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to and including `name`: a test of one migration starts from the schema before it. */
export async function migrateUpTo(db: Database, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Database, run: (migrator: Migrator) => ReturnType<Migrator["migrateToLatest"]>): Promise<void> {
  // Kysely finds its migration tables in any schema unless told which: name ours (the current
  // schema, "public" by default), or a second migrated schema in the database hides them.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: schema ? withOwnSchemaIntrospection(db, schema) : db,
    provider,
    ...(schema && { migrationTableSchema: schema }),
  });
  // Bounded by time, not by a count: on a busy host the catalogue read is slow and other clients'
  // drops land in it many times in a row (ten attempts once ran out under two CPU-bound neighbours).
  const lookupDeadline = Date.now() + 60_000;
  for (;;) {
    const { error, results } = await run(migrator);
    const failed = results?.find((result) => result.status === "Error");
    if (!error && !failed) return;
    // Before it migrates, Kysely looks for its own tables by reading every schema's catalogue,
    // calling pg_get_serial_sequence per column: a schema, table or column that another client
    // drops during that read fails it (SQLSTATE 3F000, 42P01 or 42703, naming the other client's
    // object). Nothing has run yet (no results), so the look-up is simply made again.
    if (!results && droppedMeanwhile(error) && Date.now() < lookupDeadline) continue;
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** invalid_schema_name, undefined_table, undefined_column (PostgreSQL's appendix A). */
const droppedObjectCodes = new Set(["3F000", "42P01", "42703"]);

function droppedMeanwhile(error: unknown): boolean {
  return typeof error === "object" && error !== null && droppedObjectCodes.has(String((error as { code?: unknown }).code));
}

/**
 * ADR 254: the migrator only asks whether its own schema and tables exist, but Kysely's PostgreSQL
 * introspection reads every column of every table in every schema (with pg_get_serial_sequence per
 * column) to answer. On a database shared by many schemas (each test file makes one) that read took
 * seconds, outlasted the statement timeout, and met other clients' drops. This answers from our
 * schema alone; everything else the migrator does goes to `db` unchanged.
 */
function withOwnSchemaIntrospection(db: Database, schema: string): Database {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(
        db,
      );
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields, so they are called on the real instance.
      return typeof value === "function" ? (value as (...parameters: unknown[]) => unknown).bind(target) : value;
    },
  });
}
