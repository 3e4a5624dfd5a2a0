import type { Database } from "../../db/database.ts";
import type { EmergencyContactsTable } from "../../db/tables/dashboard.ts";
import type { EmergencyContact } from "../../../shared/emergency-contacts.ts";

// Queries of the I.C.E. contacts (docs/product.md §2 SECURITY, §7 emergency_contacts). Every query filters by
// the signed-in user's id (ADR 121): another user's contact id finds nothing (404).

export function toEmergencyContact(row: EmergencyContactsTable): EmergencyContact {
  return { id: row.id, name: row.name, phone: row.phone, email: row.email, createdAt: row.created_at };
}

/** docs/product.md §7: ordered by created_at ascending (id breaks ties so the order is stable). */
export async function listOwnContacts(db: Database, userId: string) {
  return db
    .selectFrom("emergency_contacts")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export async function countOwnContacts(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("emergency_contacts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertContact(db: Database, row: EmergencyContactsTable) {
  await db.insertInto("emergency_contacts").values(row).execute();
}

export async function updateOwnContact(
  db: Database,
  userId: string,
  id: string,
  values: Pick<EmergencyContactsTable, "name" | "phone" | "email" | "updated_at">,
) {
  return db
    .updateTable("emergency_contacts")
    .set(values)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether a row of the user's was deleted. */
export async function deleteOwnContact(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("emergency_contacts").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
