import type { Kysely } from "kysely";
import type { z } from "zod";
import { addDays } from "../../../shared/time.ts";
import type { AuditLogPage, auditQuerySchema } from "../../../shared/operatives.ts";
import { startOfDayInZone } from "../../../shared/time.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError } from "../../http-error.ts";

// The console's whole audit log (docs/operatives.md): every action of every operator, newest
// first, filtered by person, kind of subject and days (operator days, Europe/Stockholm); keyset
// pages on (created_at, id) so a page costs the same at any depth (ADR 072).

type Db = Kysely<DatabaseSchema>;

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string")
      return [value[0], value[1]];
  } catch {
    // Falls through to the refusal below.
  }
  throw new HttpError(400, "invalid_input", "The page cursor is not valid.", { cursor: "Invalid cursor" });
}

export async function auditLogPage(db: Db, query: z.output<typeof auditQuerySchema>): Promise<AuditLogPage> {
  let select = db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    .select([
      "audit_log.id",
      "audit_log.actor_user_id",
      "users.email as actor_email",
      "audit_log.action",
      "audit_log.subject_type",
      "audit_log.subject_id",
      "audit_log.before",
      "audit_log.after",
      "audit_log.created_at",
    ]);
  if (query.actor === "system") select = select.where("audit_log.actor_user_id", "is", null);
  else if (query.actor) select = select.where("audit_log.actor_user_id", "=", query.actor);
  if (query.kind) select = select.where("audit_log.subject_type", "=", query.kind);
  if (query.from) select = select.where("audit_log.created_at", ">=", startOfDayInZone(query.from).toISOString());
  if (query.to) select = select.where("audit_log.created_at", "<", startOfDayInZone(addDays(query.to, 1)).toISOString());
  if (query.cursor) {
    const [createdAt, id] = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([
        eb("audit_log.created_at", "<", createdAt),
        eb.and([eb("audit_log.created_at", "=", createdAt), eb("audit_log.id", "<", id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // The people filter lists every account that has acted, staff first by e-mail.
  const actors = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "in", db.selectFrom("audit_log").select("actor_user_id").where("actor_user_id", "is not", null).distinct() as never)
    .orderBy("email")
    .limit(200)
    .execute();
  return {
    entries: page.map((row) => ({
      id: row.id,
      actorUserId: row.actor_user_id,
      actorEmail: row.actor_email ?? null,
      action: row.action,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      before: parse(row.before),
      after: parse(row.after),
      createdAt: row.created_at,
    })),
    nextCursor: rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.created_at, last.id])).toString("base64url") : null,
    actors,
  };
}
