import type { Kysely } from "kysely";

// RFC 6238 §5.2 (ADR 110): the last authenticator code each user got accepted, with its 30-second
// time step, so the same code cannot complete a second sign-in. Stored as a SHA-256 digest; the
// row goes with the user.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("totp_last_codes")
    .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("time_step", "bigint", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("totp_last_codes").execute();
}
