import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { resendCooldownSeconds, verificationCodeValidityMinutes } from "../../shared/account.ts";
import type { Database } from "../db/database.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import type { Language } from "../../shared/languages.ts";

// ADR 031: 4-digit sign-up codes. Random from the OS CSPRNG, stored as
// an HMAC keyed with the server secret, valid 10 minutes (docs/product.md §9), at most 5 wrong tries, one
// live code per e-mail (a new one supersedes the old and resets the counter, docs/product.md §4), single use.
// A verified code yields a random single-use token that sign-up must present.

export const maximumFailedAttempts = 5;

export function codeDigest(secret: string, purpose: "code" | "token", email: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\u0000${email}\u0000${value}`).digest("base64url");
}

/** Compares two digests in constant time (a timing difference would leak how much of a guess was right). */
export function sameDigest(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function generateCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, "0");
}

/** When the e-mail may ask for another code (docs/product.md §5: once per minute), or null when it may now. */
export async function resendAvailableAt(db: Database, email: string, now: Date): Promise<Date | null> {
  const latest = await db
    .selectFrom("verification_codes")
    .select("created_at")
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) return null;
  const available = new Date(new Date(latest.created_at).getTime() + resendCooldownSeconds * 1000);
  return available > now ? available : null;
}

/** Writes a new live code for the e-mail, killing the previous one, inside the caller's transaction. */
export async function issueCode(
  trx: Transaction<DatabaseSchema>,
  secret: string,
  input: { email: string; language: Language; now: Date },
): Promise<{ code: string; expiresAt: Date; resendAvailableAt: Date }> {
  const code = generateCode();
  const expiresAt = new Date(input.now.getTime() + verificationCodeValidityMinutes * 60 * 1000);
  await trx
    .updateTable("verification_codes")
    .set({ status: "superseded" })
    .where("email", "=", input.email)
    .where("status", "=", "active")
    .execute();
  await trx
    .insertInto("verification_codes")
    .values({
      id: randomUUID(),
      email: input.email,
      code_hash: codeDigest(secret, "code", input.email, code),
      status: "active",
      failed_attempts: 0,
      language: input.language,
      created_at: input.now.toISOString(),
      expires_at: expiresAt.toISOString(),
      verified_at: null,
      token_hash: null,
      token_consumed_at: null,
    })
    .execute();
  return { code, expiresAt, resendAvailableAt: new Date(input.now.getTime() + resendCooldownSeconds * 1000) };
}

export type VerifyOutcome =
  { kind: "verified"; token: string; expiresAt: Date } | { kind: "wrong"; attemptsLeft: number } | { kind: "expired" } | { kind: "dead" };

/** Checks a code; every wrong try is counted atomically so parallel guesses cannot exceed the limit. */
export async function verifyCode(db: Database, secret: string, input: { email: string; code: string; now: Date }): Promise<VerifyOutcome> {
  const row = await db
    .selectFrom("verification_codes")
    .selectAll()
    .where("email", "=", input.email)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row || row.status === "superseded" || row.status === "verified") return { kind: "expired" };
  if (row.status === "dead" || row.failed_attempts >= maximumFailedAttempts) return { kind: "dead" };
  if (new Date(row.expires_at) <= input.now) return { kind: "expired" };

  if (sameDigest(row.code_hash, codeDigest(secret, "code", input.email, input.code))) {
    const token = randomBytes(32).toString("base64url");
    const result = await db
      .updateTable("verification_codes")
      .set({ status: "verified", verified_at: input.now.toISOString(), token_hash: codeDigest(secret, "token", input.email, token) })
      .where("id", "=", row.id)
      .where("status", "=", "active")
      .where("failed_attempts", "<", maximumFailedAttempts)
      .executeTakeFirst();
    // Another request used or killed the code between the read and this write.
    if (Number(result.numUpdatedRows) === 0) return (await isDead(db, row.id)) ? { kind: "dead" } : { kind: "expired" };
    return { kind: "verified", token, expiresAt: new Date(row.expires_at) };
  }

  const updated = await db
    .updateTable("verification_codes")
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      status: sql<"active" | "dead">`case when failed_attempts + 1 >= ${maximumFailedAttempts} then 'dead' else status end`,
    })
    .where("id", "=", row.id)
    .where("status", "=", "active")
    .returning("failed_attempts")
    .executeTakeFirst();
  if (!updated) return (await isDead(db, row.id)) ? { kind: "dead" } : { kind: "expired" };
  return { kind: "wrong", attemptsLeft: Math.max(0, maximumFailedAttempts - Number(updated.failed_attempts)) };
}

async function isDead(db: Database, id: string): Promise<boolean> {
  const row = await db.selectFrom("verification_codes").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status === "dead";
}

/** Uses up the sign-up token inside the account-creating transaction; false when it is not valid. */
export async function consumeVerificationToken(
  trx: Transaction<DatabaseSchema>,
  secret: string,
  input: { email: string; token: string; now: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable("verification_codes")
    .set({ token_consumed_at: input.now.toISOString() })
    .where("token_hash", "=", codeDigest(secret, "token", input.email, input.token))
    .where("email", "=", input.email)
    .where("status", "=", "verified")
    .where("token_consumed_at", "is", null)
    .where("expires_at", ">", input.now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** ADR 097, GDPR Art. 17: an account's deletion takes the codes sent to its addresses with it. */
export async function deleteCodesOf(executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  await executor
    .deleteFrom("verification_codes")
    .where((where) =>
      where(
        where.fn("lower", ["email"]),
        "in",
        addresses.map((address) => address.toLowerCase()),
      ),
    )
    .execute();
}
