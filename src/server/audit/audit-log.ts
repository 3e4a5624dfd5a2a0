import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuditAction } from "../../shared/audit-actions.ts";
import type { AuditEntry } from "../../shared/operator.ts";
import type { DatabaseSchema } from "../db/schema.ts";

// ADR 070: the audit log is append-only. Every operator action inserts its row with the caller's
// executor, inside the action's own transaction, so an action and its record commit or roll back
// together; nothing in the app updates or deletes an audit row.

export type AuditSubject =
  "booking" | "operative" | "id_verification" | "service" | "user" | "policy" | "bgmax_import" | "bank_payment" | "company";

export type AuditRecord = {
  actorUserId: string | null;
  /** One of the listed actions, each worded in the console (src/shared/audit-actions.ts). */
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId: string;
  before: unknown;
  after: unknown;
};

export async function writeAudit(executor: Kysely<DatabaseSchema>, record: AuditRecord, now = new Date().toISOString()): Promise<void> {
  await executor
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      actor_user_id: record.actorUserId,
      action: record.action,
      subject_type: record.subjectType,
      subject_id: record.subjectId,
      before: record.before === null || record.before === undefined ? null : JSON.stringify(record.before),
      after: record.after === null || record.after === undefined ? null : JSON.stringify(record.after),
      created_at: now,
    })
    .execute();
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The subject's audit entries, oldest first, with the actor's e-mail. */
export async function auditEntriesOf(db: Kysely<DatabaseSchema>, subjectType: AuditSubject, subjectId: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    .select([
      "audit_log.id",
      "audit_log.actor_user_id",
      "users.email as actor_email",
      "audit_log.action",
      "audit_log.before",
      "audit_log.after",
      "audit_log.created_at",
    ])
    .where("audit_log.subject_type", "=", subjectType)
    .where("audit_log.subject_id", "=", subjectId)
    .orderBy("audit_log.created_at", "asc")
    .orderBy("audit_log.id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email ?? null,
    action: row.action,
    before: parse(row.before),
    after: parse(row.after),
    createdAt: row.created_at,
  }));
}
