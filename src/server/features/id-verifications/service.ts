import { randomUUID } from "node:crypto";
import type { IdDocumentType, IdVerificationState, IdVerificationView } from "../../../shared/wallet.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import type { StoredFile } from "../../storage/storage.ts";
import { imageFormatOf, UnreadableImageError } from "../../storage/image-signature.ts";
import { reencodeDocument } from "./image.ts";
import {
  deleteIdVerifications,
  findIdVerification,
  insertIdVerification,
  isProfileIdVerified,
  listIdVerifications,
  toIdVerificationView,
} from "./repo.ts";

// docs/product.md §2 ID VERIFICATION. The document is the most sensitive thing the product keeps
// (ADR 062): checked by content, re-encoded without metadata, stored privately, served
// to its owner only. A customer has one document at a time: a new upload replaces the previous one,
// so no copy of an older passport stays behind unseen (GDPR Art. 5(1)(c), data minimisation).

const noSuchDocument = () => notFound("noSuchIdentificationDocument");
const unsupportedFile = () => HttpError.because(400, "unsupported_file", "identificationDocumentImage");

export async function readIdVerificationState(deps: AppDependencies, user: SignedInUser): Promise<IdVerificationState> {
  const { db } = deps.database;
  const [latest] = await listIdVerifications(db, user.id);
  return { latest: latest ? toIdVerificationView(latest) : null, idVerified: await isProfileIdVerified(db, user.id) };
}

/** Deletes the files of removed rows; a file that cannot be deleted is logged (by key only) for the operator. */
async function deleteFiles(deps: AppDependencies, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.error({ err: error, key }, "an identification file could not be deleted");
    }
  }
}

export async function uploadIdDocument(
  deps: AppDependencies,
  user: SignedInUser,
  type: IdDocumentType,
  bytes: Uint8Array,
): Promise<IdVerificationView> {
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.idUploadsPerUserHour, subject: user.id }], "tooManyUploads");
  if (!imageFormatOf(bytes)) throw unsupportedFile();
  let image: Buffer;
  try {
    image = await reencodeDocument(bytes);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw unsupportedFile();
    throw error;
  }
  const { db } = deps.database;
  const previous = await listIdVerifications(db, user.id);
  const key = await deps.storage.put("id-documents", image, { contentType: "image/jpeg", visibility: "private" });
  const row = {
    id: randomUUID(),
    user_id: user.id,
    type,
    status: "pending" as const,
    file_key: key,
    content_type: "image/jpeg",
    file_size: image.length,
    rejection_reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: new Date().toISOString(),
  };
  try {
    await insertIdVerification(db, row);
  } catch (error) {
    // No row names the file: remove it, so a failed upload leaves nothing behind.
    await deleteFiles(deps, [key]);
    throw error;
  }
  const replaced = await deleteIdVerifications(
    db,
    user.id,
    previous.map((old) => old.id),
  );
  await deleteFiles(
    deps,
    replaced.map((old) => old.file_key),
  );
  return toIdVerificationView(row);
}

export async function deleteIdDocument(deps: AppDependencies, user: SignedInUser, id: string): Promise<IdVerificationState> {
  const [deleted] = await deleteIdVerifications(deps.database.db, user.id, [id]);
  if (!deleted) throw noSuchDocument();
  await deleteFiles(deps, [deleted.file_key]);
  return readIdVerificationState(deps, user);
}

/** The document's file for its owner; 404 for anyone else's id or a file already removed. */
export async function readIdDocumentFile(deps: AppDependencies, user: SignedInUser, id: string): Promise<StoredFile> {
  const row = await findIdVerification(deps.database.db, user.id, id);
  if (!row?.file_key) throw noSuchDocument();
  const file = await deps.storage.get(row.file_key);
  if (!file) throw noSuchDocument();
  return file;
}
