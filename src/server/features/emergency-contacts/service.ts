import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { maximumEmergencyContacts, type EmergencyContact, type emergencyContactSchema } from "../../../shared/emergency-contacts.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { countOwnContacts, deleteOwnContact, insertContact, listOwnContacts, toEmergencyContact, updateOwnContact } from "./repo.ts";

// docs/product.md §2 SECURITY: the customer's I.C.E. contacts. docs/product.md §2 deletes contacts left completely empty
// and unedited when the page is left; here a contact is only stored on its first save (with a name
// and a phone number), so an empty contact never exists on the server and nothing needs deleting.

type ContactValues = z.output<typeof emergencyContactSchema>;

const contactNotFound = () => notFound("noSuchEmergencyContact");

export async function listContacts(deps: AppDependencies, user: SignedInUser): Promise<EmergencyContact[]> {
  return (await listOwnContacts(deps.database.db, user.id)).map(toEmergencyContact);
}

/**
 * Adds a contact, at most `maximumEmergencyContacts` per account. The count and the insert share a
 * transaction; on SQLite writers are serialised, on PostgreSQL two simultaneous adds could pass the
 * count together, which costs one extra row at worst and no one else's data.
 */
export async function addContact(
  deps: AppDependencies,
  user: SignedInUser,
  values: ContactValues,
  now = new Date(),
): Promise<EmergencyContact> {
  return deps.database.db.transaction().execute(async (transaction) => {
    if ((await countOwnContacts(transaction, user.id)) >= maximumEmergencyContacts) {
      throw HttpError.because(409, "emergency_contact_limit", "emergencyContactLimit", { values: { limit: maximumEmergencyContacts } });
    }
    const stamp = now.toISOString();
    const row = { id: randomUUID(), user_id: user.id, ...values, created_at: stamp, updated_at: stamp };
    await insertContact(transaction, row);
    return toEmergencyContact(row);
  });
}

export async function updateContact(
  deps: AppDependencies,
  user: SignedInUser,
  id: string,
  values: ContactValues,
  now = new Date(),
): Promise<EmergencyContact> {
  const row = await updateOwnContact(deps.database.db, user.id, id, { ...values, updated_at: now.toISOString() });
  if (!row) throw contactNotFound();
  return toEmergencyContact(row);
}

export async function removeContact(deps: AppDependencies, user: SignedInUser, id: string): Promise<void> {
  if (!(await deleteOwnContact(deps.database.db, user.id, id))) throw contactNotFound();
}
