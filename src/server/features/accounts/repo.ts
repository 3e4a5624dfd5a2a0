import type { Transaction } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { ProfilesTable } from "../../db/tables/accounts.ts";
import type { Language } from "../../../shared/languages.ts";

// Queries of the accounts feature. Profile reads are always by the signed-in user's own id.

export async function findUserIdByEmail(db: Database | Transaction<DatabaseSchema>, email: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id ?? null;
}

export type NewAccount = {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  role: string;
  profile: Pick<ProfilesTable, "phone_number" | "address" | "city" | "country" | "postal_code" | "language">;
  now: string;
};

/** The Better Auth user and credential rows plus the docs/product.md §3 profile, in the caller's transaction. */
export async function insertAccount(trx: Transaction<DatabaseSchema>, account: NewAccount): Promise<void> {
  await trx
    .insertInto("users")
    .values({
      id: account.userId,
      name: account.name,
      email: account.email,
      email_verified: true,
      image: null,
      role: account.role,
      banned: false,
      ban_reason: null,
      ban_expires: null,
      created_at: account.now,
      updated_at: account.now,
    })
    .execute();
  await trx
    .insertInto("auth_accounts")
    .values({
      id: crypto.randomUUID(),
      user_id: account.userId,
      // Better Auth's credential account: provider "credential", account id = user id.
      account_id: account.userId,
      provider_id: "credential",
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      password: account.passwordHash,
      created_at: account.now,
      updated_at: account.now,
    })
    .execute();
  await trx
    .insertInto("profiles")
    .values({
      id: account.userId,
      full_name: account.name,
      email: account.email,
      avatar_url: null,
      id_verified: 0,
      created_at: account.now,
      updated_at: account.now,
      ...account.profile,
    })
    .execute();
}

export async function findProfile(db: Database, userId: string) {
  return db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
}

export async function findProfileLanguage(db: Database, userId: string): Promise<Language | null> {
  const row = await db.selectFrom("profiles").select("language").where("id", "=", userId).executeTakeFirst();
  return row?.language ?? null;
}
