import type { Transaction, Updateable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { ProfilesTable } from "../../db/tables/accounts.ts";
import type { ProfileEmailsTable } from "../../db/tables/dashboard.ts";

// Queries of the profile feature. Every one is filtered by the signed-in user's id: another
// user's row is never found, changed or deleted (a request for it answers 404).

type Executor = Database | Transaction<DatabaseSchema>;

export type ProfileChanges = Partial<
  Pick<ProfilesTable, "full_name" | "phone_number" | "address" | "city" | "country" | "postal_code" | "language">
>;

export async function findOwnProfile(db: Executor, userId: string) {
  return db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
}

export async function updateOwnProfile(trx: Executor, userId: string, changes: Updateable<ProfilesTable>, now: string): Promise<boolean> {
  const result = await trx
    .updateTable("profiles")
    .set({ ...changes, updated_at: now })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Better Auth's users.name follows the profile's full name (the session shows it). */
export async function updateOwnUserName(trx: Executor, userId: string, name: string, now: string): Promise<void> {
  await trx.updateTable("users").set({ name, updated_at: now }).where("id", "=", userId).execute();
}

export type OwnEmailRow = Pick<
  ProfileEmailsTable,
  "id" | "email" | "verified_at" | "code_hash" | "code_expires_at" | "code_sent_at" | "created_at"
> & { code_failed_attempts: number };

const emailColumns = [
  "id",
  "email",
  "verified_at",
  "code_hash",
  "code_expires_at",
  "code_sent_at",
  "code_failed_attempts",
  "created_at",
] as const;

export async function listOwnEmails(db: Executor, userId: string): Promise<OwnEmailRow[]> {
  return db
    .selectFrom("profile_emails")
    .select(emailColumns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export async function findOwnEmail(db: Executor, userId: string, id: string): Promise<OwnEmailRow | undefined> {
  return db.selectFrom("profile_emails").select(emailColumns).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export type IssuedCode = { codeHash: string; expiresAt: string; sentAt: string };

export async function insertOwnEmail(trx: Executor, userId: string, values: { id: string; email: string; now: string; code: IssuedCode }) {
  await trx
    .insertInto("profile_emails")
    .values({
      id: values.id,
      user_id: userId,
      email: values.email,
      verified_at: null,
      created_at: values.now,
      updated_at: values.now,
      code_hash: values.code.codeHash,
      code_expires_at: values.code.expiresAt,
      code_sent_at: values.code.sentAt,
      code_failed_attempts: 0,
    })
    .execute();
}

/** A new address (or a new code for the same one): unverified again, a fresh code, no wrong tries. */
export async function setOwnEmailCode(trx: Executor, userId: string, id: string, email: string, code: IssuedCode): Promise<boolean> {
  const result = await trx
    .updateTable("profile_emails")
    .set({
      email,
      verified_at: null,
      updated_at: code.sentAt,
      code_hash: code.codeHash,
      code_expires_at: code.expiresAt,
      code_sent_at: code.sentAt,
      code_failed_attempts: 0,
    })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the address verified if its code is still the one that was checked; false when it changed meanwhile. */
export async function markOwnEmailVerified(db: Executor, userId: string, id: string, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("profile_emails")
    .set({ verified_at: now, updated_at: now, code_hash: null, code_expires_at: null })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("code_hash", "=", codeHash)
    .where("verified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one wrong try atomically; returns the tries so far, or null when the code changed meanwhile. */
export async function countWrongCode(db: Executor, userId: string, id: string, codeHash: string, maximum: number): Promise<number | null> {
  const row = await db
    .updateTable("profile_emails")
    .set((eb) => ({ code_failed_attempts: eb("code_failed_attempts", "+", 1) }))
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("code_hash", "=", codeHash)
    .where("code_failed_attempts", "<", maximum)
    .returning("code_failed_attempts")
    .executeTakeFirst();
  return row ? Number(row.code_failed_attempts) : null;
}

export async function deleteOwnEmail(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("profile_emails").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setOwnAvatar(db: Executor, userId: string, avatar: { key: string | null; url: string | null }, now: string) {
  await db
    .updateTable("profiles")
    .set({ avatar_key: avatar.key, avatar_url: avatar.url, updated_at: now })
    .where("id", "=", userId)
    .execute();
}
