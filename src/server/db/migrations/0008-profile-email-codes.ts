import type { Kysely } from "kysely";

// docs/product.md §2 additional e-mails, ADR 061: an added or changed address counts only once its owner types
// the 4-digit code sent to it. The code lives on the address's own row (stored as an HMAC keyed
// with the server secret, like sign-up codes, ADR 031) with its expiry, the time it was sent (the
// 60-second resend cooldown of docs/product.md §9) and the wrong tries so far (at most 5).

const columns = ["code_hash", "code_expires_at", "code_sent_at", "code_failed_attempts"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profile_emails").addColumn("code_hash", "text").execute();
  await db.schema.alterTable("profile_emails").addColumn("code_expires_at", "text").execute();
  await db.schema.alterTable("profile_emails").addColumn("code_sent_at", "text").execute();
  await db.schema
    .alterTable("profile_emails")
    .addColumn("code_failed_attempts", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...columns].reverse()) await db.schema.alterTable("profile_emails").dropColumn(column).execute();
}
