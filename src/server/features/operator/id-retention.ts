import type { AppDependencies } from "../../context.ts";
import { writeAudit } from "../../audit/audit-log.ts";

// ADR 070, GDPR Art. 5(1)(c)/(e) data minimisation and storage limitation: once a document is
// approved, its image is needed only for a short dispute window. After ID_DOCUMENT_RETENTION_DAYS
// the file is deleted and file_key set to null; the row (type, status, reviewer, dates) stays as
// the record of the verification. The sweep runs hourly as a recurring job (jobs/sweeps.ts, ADR 098).

const dayMs = 86_400_000;

/** Deletes the files of documents approved before the retention window; resolves with how many. */
export async function sweepApprovedIdFiles(deps: AppDependencies, now = new Date()): Promise<number> {
  const db = deps.database.db;
  const cutoff = new Date(now.getTime() - deps.env.idDocumentRetentionDays * dayMs).toISOString();
  const due = await db
    .selectFrom("id_verifications")
    .select(["id", "file_key"])
    .where("status", "=", "approved")
    .where("file_key", "is not", null)
    .where("reviewed_at", "<=", cutoff)
    .limit(500)
    .execute();
  let deleted = 0;
  for (const row of due) {
    if (!row.file_key) continue;
    // The file goes first: a crash in between leaves a key to a missing file, which the next
    // sweep clears, never a file nobody points to.
    await deps.storage.delete(row.file_key);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("id_verifications").set({ file_key: null }).where("id", "=", row.id).execute();
      await writeAudit(trx, {
        actorUserId: null,
        action: "id.file_deleted",
        subjectType: "id_verification",
        subjectId: row.id,
        before: { hasFile: true },
        after: { hasFile: false, retentionDays: deps.env.idDocumentRetentionDays },
      });
    });
    deleted += 1;
  }
  return deleted;
}
