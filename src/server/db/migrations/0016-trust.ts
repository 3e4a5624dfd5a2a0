import { PostgresAdapter, sql, type Kysely } from "kysely";
import { neutralPlace } from "../../../shared/place-names.ts";

// ADR 112 (RFC 6238 §5.2): the last authenticator code each user got accepted, with its 30-second
// time step, so the same code cannot complete a second sign-in. Stored as a SHA-256 digest; the
// row goes with the user.
//
// ADR 113: bookings keep their place's country as an ISO code beside the label as chosen, so it
// reads in each reader's language; existing rows get theirs from the label's country name.
//
// ADR 114: on PostgreSQL, trigram indexes (pg_trgm) answer the operator queue's "contains" search
// on the customer's name, the place and the e-mail without reading every row. Where the extension
// cannot be created (no permission, not installed) the search works as before, only slower.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("totp_last_codes")
    .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("time_step", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.alterTable("bookings").addColumn("country_code", "text").execute();
  const places = await sql<{ location: string }>`select distinct location from bookings`.execute(db);
  for (const { location } of places.rows) {
    const { countryCode } = neutralPlace(location);
    if (countryCode) await sql`update bookings set country_code = ${countryCode} where location = ${location}`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) await createTrigramIndexes(db);
}

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  const operatorClass = sql.raw(`${quoteIdentifier(schema)}.gin_trgm_ops`);
  await sql`create index bookings_search_trigram on bookings using gin (lower(customer_name || ' ' || location) ${operatorClass})`.execute(
    db,
  );
  await sql`create index users_email_trigram on users using gin (lower(email) ${operatorClass})`.execute(db);
}

/**
 * The schema holding pg_trgm, creating it if need be, or null when it cannot be had. An extension
 * exists once per database: created in "public" where there is one, so that dropping one
 * application schema (as the tests do) never drops it from under another.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema ?? null;
  const existing = await installed();
  if (existing) return existing;
  const hasPublic = (await sql`select 1 from pg_namespace where nspname = 'public'`.execute(db)).rows.length > 0;
  // The migration runs in a transaction: a refused CREATE EXTENSION rolls back to here only.
  await sql`savepoint trigram_extension`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm ${hasPublic ? sql`with schema public` : sql``}`.execute(db);
    await sql`release savepoint trigram_extension`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram_extension`.execute(db);
    return null;
  }
  return installed();
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists users_email_trigram`.execute(db);
    await sql`drop index if exists bookings_search_trigram`.execute(db);
  }
  await db.schema.alterTable("bookings").dropColumn("country_code").execute();
  await db.schema.dropTable("totp_last_codes").execute();
}
