import type { Kysely, Selectable } from "kysely";
import type { IdReviewItem } from "../../../shared/operator.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { auditEntriesOf, writeAudit } from "../../audit/audit-log.ts";

// Identity document review (ADR 070): the decision, the profile flag, the mail and the audit row together.

type Db = Kysely<DatabaseSchema>;

type IdRow = Selectable<DatabaseSchema["id_verifications"]> & { full_name: string | null; email: string | null };

function toIdReviewItem(row: IdRow): IdReviewItem {
  return {
    id: row.id,
    userId: row.user_id,
    customerName: row.full_name ?? "",
    customerEmail: row.email ?? "",
    type: row.type,
    status: row.status,
    contentType: row.content_type,
    fileSize: row.file_size,
    hasFile: row.file_key !== null,
    rejectionReason: row.rejection_reason,
    reviewedAt: row.reviewed_at,
    createdAt: row.created_at,
  };
}

function idQuery(db: Db) {
  return db
    .selectFrom("id_verifications")
    .leftJoin("profiles", "profiles.id", "id_verifications.user_id")
    .leftJoin("users", "users.id", "id_verifications.user_id")
    .selectAll("id_verifications")
    .select(["profiles.full_name", "users.email"]);
}

/** Documents of one status, oldest first (the review queue); at most 200. */
export async function listIdVerifications(db: Db, status: IdReviewItem["status"]): Promise<IdReviewItem[]> {
  const rows = await idQuery(db)
    .where("id_verifications.status", "=", status)
    .orderBy("id_verifications.created_at", "asc")
    .orderBy("id_verifications.id", "asc")
    .limit(200)
    .execute();
  return rows.map(toIdReviewItem);
}

export async function idVerificationDetail(db: Db, id: string) {
  const row = await idQuery(db).where("id_verifications.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("noSuchDocument");
  return { ...toIdReviewItem(row), audit: await auditEntriesOf(db, "id_verification", id) };
}

/** The document's file for an operator's eyes; the viewing itself is audited (GDPR Art. 5(2) accountability). */
export async function readIdDocument(deps: AppDependencies, actor: SignedInUser, id: string) {
  const db = deps.database.db;
  const row = await db.selectFrom("id_verifications").select(["file_key", "content_type"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("noSuchDocument");
  const file = row.file_key ? await deps.storage.get(row.file_key) : null;
  if (!file) throw notFound("documentFileNotKept");
  await writeAudit(db, {
    actorUserId: actor.id,
    action: "id.view",
    subjectType: "id_verification",
    subjectId: id,
    before: null,
    after: null,
  });
  return file;
}

/** Approve or reject a pending document: the row, the profile's id_verified, the mail and the audit, together. */
export async function reviewIdDocument(
  deps: AppDependencies,
  actor: SignedInUser,
  id: string,
  review: { decision: "approved" } | { decision: "rejected"; reason: string },
) {
  const db = deps.database.db;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await idQuery(trx).where("id_verifications.id", "=", id).executeTakeFirst();
    if (!before) throw notFound("noSuchDocument");
    const updated = await trx
      .updateTable("id_verifications")
      .set({
        status: review.decision,
        reviewed_by: actor.id,
        reviewed_at: now,
        rejection_reason: review.decision === "rejected" ? review.reason : null,
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw HttpError.because(409, "invalid_transition", "documentAlreadyReviewed", { values: { status: before.status } });
    // The profile is verified while any of the customer's documents is approved.
    const approved = await trx
      .selectFrom("id_verifications")
      .select("id")
      .where("user_id", "=", before.user_id)
      .where("status", "=", "approved")
      .executeTakeFirst();
    await trx
      .updateTable("profiles")
      .set({ id_verified: approved ? 1 : 0, updated_at: now })
      .where("id", "=", before.user_id)
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: review.decision === "approved" ? "id.approve" : "id.reject",
        subjectType: "id_verification",
        subjectId: id,
        before: { status: before.status },
        after: { status: review.decision, ...(review.decision === "rejected" && { reason: review.reason }) },
      },
      now,
    );
    const language = await trx.selectFrom("profiles").select("language").where("id", "=", before.user_id).executeTakeFirst();
    if (before.email) {
      await enqueueMail(trx, {
        kind: "id-review",
        to: before.email,
        payload: {
          language: language?.language ?? "en",
          decision: review.decision,
          documentType: before.type,
          ...(review.decision === "rejected" && { reason: review.reason }),
        },
      });
    }
  });
  return idVerificationDetail(db, id);
}
