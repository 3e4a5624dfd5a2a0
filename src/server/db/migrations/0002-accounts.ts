import { PostgresAdapter, sql, type Kysely } from "kysely";

// ADR 030: Better Auth's tables (users, sessions, auth_accounts, auth_verifications, with the
// admin plugin's role/banned fields) and ours (profiles, verification_codes, rate_limits, outbox) in
// one migration path for both engines. Better Auth tables are renamed to plural snake_case in
// src/server/auth/auth.ts. On PostgreSQL Better Auth passes real Date and boolean values, so its own
// timestamp/flag columns are timestamptz/boolean there; everywhere else times are ISO-8601 text
// (ADR 030).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = isPostgres ? "timestamptz" : "text";
  const flag = isPostgres ? "boolean" : "integer";
  const falseValue = isPostgres ? sql`false` : sql`0`;

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("email_verified", flag, (column) => column.notNull().defaultTo(falseValue))
    .addColumn("image", "text")
    .addColumn("role", "text", (column) => column.defaultTo("customer"))
    .addColumn("banned", flag, (column) => column.defaultTo(falseValue))
    .addColumn("ban_reason", "text")
    .addColumn("ban_expires", timestamp)
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (column) => column.notNull().unique())
    .addColumn("expires_at", timestamp, (column) => column.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("impersonated_by", "text")
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id_index").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("auth_accounts")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (column) => column.notNull())
    .addColumn("provider_id", "text", (column) => column.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", timestamp)
    .addColumn("refresh_token_expires_at", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("auth_accounts_user_id_index").on("auth_accounts").column("user_id").execute();

  await db.schema
    .createTable("auth_verifications")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("identifier", "text", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("expires_at", timestamp, (column) => column.notNull())
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("auth_verifications_identifier_index").on("auth_verifications").column("identifier").execute();

  // docs/product.md §3 profiles, keyed by the user id.
  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("full_name", "text", (column) => column.notNull())
    .addColumn("phone_number", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("city", "text", (column) => column.notNull())
    .addColumn("country", "text", (column) => column.notNull())
    .addColumn("postal_code", "text", (column) => column.notNull())
    .addColumn("avatar_url", "text")
    .addColumn("id_verified", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("language", "text", (column) => column.notNull().defaultTo("en"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  // docs/product.md §4 sign-up verification codes, stored hashed (ADR 031).
  await db.schema
    .createTable("verification_codes")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("failed_attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("verified_at", "text")
    .addColumn("token_hash", "text", (column) => column.unique())
    .addColumn("token_consumed_at", "text")
    .execute();
  await db.schema.createIndex("verification_codes_email_index").on("verification_codes").columns(["email", "created_at"]).execute();

  // ADR 031: fixed-window counters shared by every app process.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("window_start", "text", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("rate_limits_primary_key", ["key", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limits_expires_at_index").on("rate_limits").column("expires_at").execute();

  // The durable outbox, written in the transaction of the event (ADR 032).
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("recipient", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("html", "text", (column) => column.notNull())
    .addColumn("text", "text", (column) => column.notNull())
    .addColumn("attachments", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (column) => column.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due_index").on("outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "outbox",
    "rate_limits",
    "verification_codes",
    "profiles",
    "auth_verifications",
    "auth_accounts",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
