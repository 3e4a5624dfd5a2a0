import type { Insertable, Selectable } from "kysely";
import type { IdDocumentType, IdVerificationView } from "../../../shared/wallet.ts";
import type { Database } from "../../db/database.ts";
import type { IdVerificationsTable } from "../../db/tables/dashboard.ts";

export type IdVerificationRow = Selectable<IdVerificationsTable>;

// Queries of the identity documents. Every one is filtered by the signed-in user's id
// (ADR 121): another user's document id finds nothing and answers 404.

export function toIdVerificationView(row: IdVerificationRow): IdVerificationView {
  return {
    id: row.id,
    type: row.type as IdDocumentType,
    status: row.status,
    rejectionReason: row.status === "rejected" ? row.rejection_reason : null,
    hasFile: row.file_key !== null,
    createdAt: row.created_at,
  };
}

export async function listIdVerifications(db: Database, userId: string): Promise<IdVerificationRow[]> {
  return db
    .selectFrom("id_verifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function findIdVerification(db: Database, userId: string, id: string): Promise<IdVerificationRow | undefined> {
  return db.selectFrom("id_verifications").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export async function insertIdVerification(db: Database, row: Insertable<IdVerificationsTable>): Promise<void> {
  await db.insertInto("id_verifications").values(row).execute();
}

/** Deletes the user's rows with these ids; answers the rows that were deleted. */
export async function deleteIdVerifications(db: Database, userId: string, ids: string[]): Promise<IdVerificationRow[]> {
  if (ids.length === 0) return [];
  return db.deleteFrom("id_verifications").where("user_id", "=", userId).where("id", "in", ids).returningAll().execute();
}

export async function isProfileIdVerified(db: Database, userId: string): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("id_verified").where("id", "=", userId).executeTakeFirst();
  return Number(row?.id_verified ?? 0) === 1;
}

export type { IdDocumentType };
