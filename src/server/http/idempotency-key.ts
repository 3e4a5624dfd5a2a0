import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { createMiddleware } from "hono/factory";
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

/** The Device-Time header (ADR 293): when the phone made a write it kept offline, null when not sent. */
function deviceTimeHeader(header: string | undefined): string | null {
  if (header === undefined) return null;
  const time = new Date(header);
  if (Number.isNaN(time.getTime())) {
    throw new HttpError(400, "invalid_input", "The Device-Time header must be a date and time (RFC 3339).", {
      "Device-Time": "Invalid time",
    });
  }
  return time.toISOString();
}

type ReplayEnv = {
  Variables: { user: { id: string }; deps: { database: { db: Kysely<DatabaseSchema> } }; services: { clock: { now(): Date } } };
};

/**
 * ADR 293: a write sent with an Idempotency-Key is applied once. The key is claimed (bound to the
 * request's fingerprint, ADR 217) before the write runs; the write's successful answer is kept with
 * it and given again, unchanged, to the same request sent later, which is not run again. A refused
 * write releases its key (nothing was applied, so sending it again is asking again). A second copy
 * that arrives while the first still runs answers 409 `try_again_later`, and the phone sends it
 * again later. Without the header a write runs as before.
 */
export function replayableWrites() {
  return createMiddleware<ReplayEnv>(async (c, next) => {
    const key = c.req.method === "GET" || c.req.method === "HEAD" ? null : idempotencyKeyHeader(c.req.header("Idempotency-Key"));
    if (key === null) return next();
    const deviceTime = deviceTimeHeader(c.req.header("Device-Time"));
    const body: unknown = c.req.header("Content-Type")?.includes("application/json") ? await c.req.json().catch(() => null) : null;
    const fingerprint = requestFingerprint(c.req.method, c.req.path, body);
    const db = c.var.deps.database.db;
    const ownerId = c.var.user.id;
    const claimed = await db
      .insertInto("idempotency_keys")
      .values({
        owner_id: ownerId,
        key,
        request_hash: fingerprint,
        created_at: c.var.services.clock.now().toISOString(),
        device_time: deviceTime,
      })
      .onConflict((conflict) => conflict.columns(["owner_id", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!claimed) {
      const bound = await db
        .selectFrom("idempotency_keys")
        .select(["request_hash", "response_status", "response_body"])
        .where("owner_id", "=", ownerId)
        .where("key", "=", key)
        .executeTakeFirstOrThrow();
      if (bound.request_hash !== fingerprint) throw idempotencyKeyReused();
      if (bound.response_status === null) throw new HttpError(409, "try_again_later", "This request is still being carried out.");
      return new Response(bound.response_body, {
        status: bound.response_status,
        headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
      });
    }
    const release = () => db.deleteFrom("idempotency_keys").where("owner_id", "=", ownerId).where("key", "=", key).execute();
    try {
      await next();
    } catch (error) {
      await release();
      throw error;
    }
    if (c.error || c.res.status >= 300) {
      await release();
      return;
    }
    const answer = await c.res.clone().text();
    await db
      .updateTable("idempotency_keys")
      .set({ response_status: c.res.status, response_body: answer })
      .where("owner_id", "=", ownerId)
      .where("key", "=", key)
      .execute();
  });
}

/** ADR 293: the writes a person's phone sent with a key, with the phone's and the server's time. */
export async function deviceWritesOf(db: Kysely<DatabaseSchema>, ownerId: string) {
  const rows = await db
    .selectFrom("idempotency_keys")
    .select(["key", "device_time", "created_at", "response_status"])
    .where("owner_id", "=", ownerId)
    .where("device_time", "is not", null)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    key: row.key,
    deviceTime: row.device_time,
    serverTime: row.created_at,
    applied: row.response_status !== null,
  }));
}
