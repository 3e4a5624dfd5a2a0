import type { Database } from "../../db/database.ts";
import type { BankIdIdentitiesTable, BankIdOrdersTable } from "../../db/tables/accounts.ts";

// BankID orders and linked identities (migration 0046, ADR 272).

export async function insertOrder(db: Database, order: BankIdOrdersTable): Promise<void> {
  await db.insertInto("bankid_orders").values(order).execute();
}

export async function findOrder(db: Database, id: string): Promise<BankIdOrdersTable | undefined> {
  return db.selectFrom("bankid_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Claims the right to collect now: only when the last collect is at least `minimumGapMs` old, so
 * two polls of one order (two tabs, two processes) never collect within BankID's 2 seconds.
 */
export async function claimCollect(db: Database, id: string, now: Date, minimumGapMs: number): Promise<boolean> {
  const latest = new Date(now.getTime() - minimumGapMs).toISOString();
  const result = await db
    .updateTable("bankid_orders")
    .set({ last_collected_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((where) => where.or([where("last_collected_at", "is", null), where("last_collected_at", "<=", latest)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateOrder(db: Database, id: string, change: Partial<Pick<BankIdOrdersTable, "status" | "hint_code">>) {
  await db.updateTable("bankid_orders").set(change).where("id", "=", id).execute();
}

/** Orders older than `before` are gone: their secrets and any unlinked person with them. */
export async function forgetOrdersStartedBefore(db: Database, before: Date): Promise<void> {
  await db.deleteFrom("bankid_orders").where("started_at", "<", before.toISOString()).execute();
}

export async function holdUnlinkedPerson(
  db: Database,
  id: string,
  person: { personalNumberEncrypted: string; name: string; givenName: string; surname: string },
) {
  await db
    .updateTable("bankid_orders")
    .set({
      unlinked_personal_number: person.personalNumberEncrypted,
      unlinked_name: person.name,
      unlinked_given_name: person.givenName,
      unlinked_surname: person.surname,
    })
    .where("id", "=", id)
    .execute();
}

export async function releaseUnlinkedPerson(db: Database, id: string) {
  await db
    .updateTable("bankid_orders")
    .set({ unlinked_personal_number: null, unlinked_name: null, unlinked_given_name: null, unlinked_surname: null })
    .where("id", "=", id)
    .execute();
}

/** An order that ended no longer needs its QR secret: the row keeps only what it was. */
export async function endOrder(db: Database, id: string, status: BankIdOrdersTable["status"], hintCode: string | null) {
  await db.updateTable("bankid_orders").set({ status, hint_code: hintCode, qr_start_secret: "" }).where("id", "=", id).execute();
}

export async function findIdentityByLookup(db: Database, lookup: string) {
  return db.selectFrom("bankid_identities").selectAll().where("personal_number_lookup", "=", lookup).executeTakeFirst();
}

export async function findIdentityOfUser(db: Database, userId: string) {
  return db.selectFrom("bankid_identities").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function saveIdentity(db: Database, identity: BankIdIdentitiesTable): Promise<void> {
  await db
    .insertInto("bankid_identities")
    .values(identity)
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({
        personal_number_encrypted: identity.personal_number_encrypted,
        personal_number_lookup: identity.personal_number_lookup,
        name: identity.name,
        given_name: identity.given_name,
        surname: identity.surname,
        linked_at: identity.linked_at,
      }),
    )
    .execute();
}

export async function removeIdentity(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("bankid_identities").where("user_id", "=", userId).execute();
}
