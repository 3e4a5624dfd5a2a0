import { PostgresAdapter, sql, type Kysely } from "kysely";

// ADR 270: Better Auth's passkey plugin (WebAuthn credentials, W3C Web Authentication Level 2),
// table and columns renamed to our snake_case names in src/server/auth/passkeys.ts. ADR 271: each
// session records how it was created (`sign_in_method`), so the console can ask for a
// phishing-resistant one. On PostgreSQL Better Auth passes real Date and boolean values (ADR 030).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = isPostgres ? "timestamptz" : "text";
  const flag = isPostgres ? "boolean" : "integer";

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text")
    .addColumn("public_key", "text", (column) => column.notNull())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("credential_id", "text", (column) => column.notNull().unique())
    .addColumn("counter", "integer", (column) => column.notNull())
    .addColumn("device_type", "text", (column) => column.notNull())
    .addColumn("backed_up", flag, (column) => column.notNull().defaultTo(isPostgres ? sql`false` : sql`0`))
    .addColumn("transports", "text")
    .addColumn("aaguid", "text")
    .addColumn("created_at", timestamp)
    .execute();
  await db.schema.createIndex("passkeys_user_index").on("passkeys").column("user_id").execute();

  await db.schema.alterTable("sessions").addColumn("sign_in_method", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("sign_in_method").execute();
  await db.schema.dropTable("passkeys").execute();
}
