import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DatabaseSchema } from "../db/schema.ts";
import { HttpError } from "../http-error.ts";

// ADR 217: an Idempotency-Key is bound to the request it first came with. The same key sent again
// with the same request is that request repeated, and answered without doing it twice; with another
// request (another amount, another booking) it is refused with 422 `idempotency_key_reused`, as
// Stripe's API refuses it, instead of passing for the first request and doing nothing.

/** The header: optional; printable ASCII, at most 200 characters. */
const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/);

/** The Idempotency-Key header's value, null when not sent; a malformed one answers 400. */
export function idempotencyKeyHeader(header: string | undefined): string | null {
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new HttpError(400, "invalid_input", "The Idempotency-Key header must be 1 to 200 visible characters.", {
      "Idempotency-Key": "Invalid key",
    });
  }
  return parsed.data;
}

export const idempotencyKeyReused = () =>
  new HttpError(
    422,
    "idempotency_key_reused",
    "This Idempotency-Key was already used with another request. A repeated request must be sent as it was; a new request needs a new key.",
  );

/** JSON with its object keys sorted, so that the same body written in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 of the method, the path and the validated body: what "the same request" means. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest("hex");
}

/**
 * Binds `key` of `ownerId` to the request's fingerprint inside the caller's transaction, so that
 * the binding commits with what the request does (and a refused request binds nothing). Answers
 * "first" for a new key and "repeat" for the same request sent again; another request with the key
 * throws 422. Two requests with one key at once: the second insert waits for the first's commit and
 * then compares with it (PostgreSQL's unique index, SQLite's one writer).
 */
export async function bindIdempotencyKey(
  transaction: Kysely<DatabaseSchema>,
  binding: { ownerId: string; key: string; fingerprint: string; now: Date },
): Promise<"first" | "repeat"> {
  const inserted = await transaction
    .insertInto("idempotency_keys")
    .values({
      owner_id: binding.ownerId,
      key: binding.key,
      request_hash: binding.fingerprint,
      created_at: binding.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(["owner_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return "first";
  const bound = await transaction
    .selectFrom("idempotency_keys")
    .select("request_hash")
    .where("owner_id", "=", binding.ownerId)
    .where("key", "=", binding.key)
    .executeTakeFirstOrThrow();
  if (bound.request_hash !== binding.fingerprint) throw idempotencyKeyReused();
  return "repeat";
}
