import { PostgresAdapter, sql, type Kysely } from "kysely";

// docs/product.md §3 payment_methods, id_verifications, emergency_contacts and the avatar file, kept for real
// on the server (ADR 061), the additional e-mails and notification preferences of the profile
// screens, Better Auth's two-factor table (TOTP, ADR 063), and bookings that outlive
// a deleted account: user_id becomes nullable so past bookings stay, anonymised, for the
// operator's accounting (GDPR Art. 17(3)(b) with the Swedish Bookkeeping Act's 7-year retention).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const flag = isPostgres ? "boolean" : "integer";
  const timestamp = isPostgres ? "timestamptz" : "text";
  const falseValue = isPostgres ? sql`false` : sql`0`;

  await db.schema
    .alterTable("profiles")
    .addColumn("email_notifications", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("push_notifications", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  // The storage key of the current avatar; avatar_url is the address served to browsers.
  await db.schema.alterTable("profiles").addColumn("avatar_key", "text").execute();

  await db.schema
    .createTable("profile_emails")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("verified_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addUniqueConstraint("profile_emails_user_email", ["user_id", "email"])
    .execute();

  await db.schema
    .createTable("payment_methods")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("card_brand", "text", (column) => column.notNull())
    .addColumn("card_last_four", "text", (column) => column.notNull())
    .addColumn("expiry_month", "integer", (column) => column.notNull())
    .addColumn("expiry_year", "integer", (column) => column.notNull())
    .addColumn("provider_payment_id", "text", (column) => column.notNull().unique())
    .addColumn("is_default", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("payment_methods_user_index").on("payment_methods").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("id_verifications")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    // Null once the file is deleted (after review retention); the verification result stays.
    .addColumn("file_key", "text")
    .addColumn("content_type", "text")
    .addColumn("file_size", "integer")
    .addColumn("rejection_reason", "text")
    .addColumn("reviewed_by", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("id_verifications_user_index").on("id_verifications").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("id_verifications_status_index").on("id_verifications").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("emergency_contacts")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("phone", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("emergency_contacts_user_index").on("emergency_contacts").columns(["user_id", "created_at"]).execute();

  // Better Auth's twoFactor plugin (schema of better-auth/plugins/two-factor), renamed as in auth.ts.
  await db.schema
    .alterTable("users")
    .addColumn("two_factor_enabled", flag, (column) => column.defaultTo(falseValue))
    .execute();
  await db.schema
    .createTable("two_factors")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("secret", "text", (column) => column.notNull())
    .addColumn("backup_codes", "text", (column) => column.notNull())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("verified", flag, (column) => column.defaultTo(isPostgres ? sql`true` : sql`1`))
    .addColumn("failed_verification_count", "integer", (column) => column.defaultTo(0))
    .addColumn("locked_until", timestamp)
    .execute();
  await db.schema.createIndex("two_factors_user_index").on("two_factors").column("user_id").execute();
  await db.schema.createIndex("two_factors_secret_index").on("two_factors").column("secret").execute();

  await makeBookingOwnerNullable(db, isPostgres);
}

/** A deleted account's past bookings keep their row with user_id null (see the header). */
async function makeBookingOwnerNullable(db: Kysely<unknown>, isPostgres: boolean): Promise<void> {
  if (isPostgres) {
    await sql`alter table bookings alter column user_id drop not null`.execute(db);
    await sql`alter table bookings add column cancelled_at text`.execute(db);
    return;
  }
  // SQLite cannot relax NOT NULL in place: rebuild the table as migration 0003 made it
  // (https://www.sqlite.org/lang_altertable.html#otheralter); nothing references bookings.
  await db.schema
    .createTable("bookings_next")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.references("users.id").onDelete("cascade"))
    .addColumn("customer_name", "text", (column) => column.notNull())
    .addColumn("location", "text", (column) => column.notNull())
    .addColumn("start_time", "text", (column) => column.notNull())
    .addColumn("end_time", "text", (column) => column.notNull())
    .addColumn("start_date", "text", (column) => column.notNull())
    .addColumn("end_date", "text", (column) => column.notNull())
    .addColumn("price", "integer", (column) => column.notNull())
    .addColumn("service_type", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("time_of_day", "text")
    .addColumn("guard_count", "integer", (column) => column.notNull())
    .addColumn("style", "text")
    .addColumn("car_option", "text")
    .addColumn("duration", "text")
    .addColumn("total_days", "integer", (column) => column.notNull())
    .addColumn("notes", "text", (column) => column.notNull())
    .addColumn("customer_note", "text")
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("idempotency_key", "text")
    .addColumn("request_hash", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("cancelled_at", "text")
    .addUniqueConstraint("bookings_next_user_idempotency_key", ["user_id", "idempotency_key"])
    .execute();
  await sql`insert into bookings_next (id, user_id, customer_name, location, start_time, end_time, start_date, end_date, price,
    service_type, status, time_of_day, guard_count, style, car_option, duration, total_days, notes, customer_note, language,
    idempotency_key, request_hash, created_at)
    select id, user_id, customer_name, location, start_time, end_time, start_date, end_date, price,
    service_type, status, time_of_day, guard_count, style, car_option, duration, total_days, notes, customer_note, language,
    idempotency_key, request_hash, created_at from bookings`.execute(db);
  await db.schema.dropTable("bookings").execute();
  await sql`alter table bookings_next rename to bookings`.execute(db);
  await db.schema.createIndex("bookings_user_start").on("bookings").columns(["user_id", "start_time"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["two_factors", "emergency_contacts", "id_verifications", "payment_methods", "profile_emails"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("users").dropColumn("two_factor_enabled").execute();
  for (const column of ["avatar_key", "push_notifications", "email_notifications"]) {
    await db.schema.alterTable("profiles").dropColumn(column).execute();
  }
}
