import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { PaymentMethodView } from "../../../shared/wallet.ts";
import type { Database } from "../../db/database.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { PaymentMethodsTable } from "../../db/tables/dashboard.ts";
import type { TokenisedCard } from "./payment-provider.ts";

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

// Queries of the saved cards. Every one is filtered by the signed-in user's id (ADR 121):
// another user's card id finds nothing, answers 404 and changes nothing.

export function toPaymentMethodView(row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    brand: row.card_brand,
    lastFour: row.card_last_four,
    expiryMonth: Number(row.expiry_month),
    expiryYear: Number(row.expiry_year),
    isDefault: Number(row.is_default) === 1,
    createdAt: row.created_at,
  };
}

/** The user's cards, the default first, then in the order they were added. */
export async function listPaymentMethods(db: Database | Transaction<DatabaseSchema>, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom("payment_methods")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export async function countPaymentMethods(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("payment_methods")
    .select((select) => select.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises one user's card changes: the update takes the user row's lock on PostgreSQL and the
 * write lock on SQLite, so two tabs adding a first card cannot both make it the default, and the
 * limit cannot be passed by requests arriving together.
 */
async function lockUser(transaction: Transaction<DatabaseSchema>, userId: string) {
  await transaction
    .updateTable("users")
    .set((update) => ({ id: update.ref("id") }))
    .where("id", "=", userId)
    .execute();
}

export type InsertCardResult = { outcome: "created"; row: PaymentMethodRow } | { outcome: "limit" };

/** Saves a tokenised card; the first card of an account becomes its default (docs/product.md §2). */
export async function insertPaymentMethod(db: Database, userId: string, card: TokenisedCard, maximum: number): Promise<InsertCardResult> {
  return db.transaction().execute(async (transaction) => {
    await lockUser(transaction, userId);
    const existing = await listPaymentMethods(transaction, userId);
    if (existing.length >= maximum) return { outcome: "limit" };
    const row: PaymentMethodRow = {
      id: randomUUID(),
      user_id: userId,
      card_brand: card.brand,
      card_last_four: card.lastFour,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      provider_payment_id: card.token,
      is_default: existing.some((method) => Number(method.is_default) === 1) ? 0 : 1,
      created_at: new Date().toISOString(),
    };
    await transaction.insertInto("payment_methods").values(row).execute();
    return { outcome: "created", row };
  });
}

/** Makes the user's card the default and every other card not; false when the user has no such card. */
export async function setDefaultPaymentMethod(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    await lockUser(transaction, userId);
    const owned = await transaction
      .selectFrom("payment_methods")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!owned) return false;
    await transaction.updateTable("payment_methods").set({ is_default: 0 }).where("user_id", "=", userId).where("id", "!=", id).execute();
    await transaction.updateTable("payment_methods").set({ is_default: 1 }).where("user_id", "=", userId).where("id", "=", id).execute();
    return true;
  });
}

/** Deletes the user's card; when it was the default, the next card (oldest first) becomes the default. */
export async function deletePaymentMethod(db: Database, userId: string, id: string): Promise<PaymentMethodRow | null> {
  return db.transaction().execute(async (transaction) => {
    await lockUser(transaction, userId);
    const row = await transaction
      .selectFrom("payment_methods")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    await transaction.deleteFrom("payment_methods").where("user_id", "=", userId).where("id", "=", id).execute();
    if (Number(row.is_default) === 1) {
      const next = (await listPaymentMethods(transaction, userId))[0];
      if (next) {
        await transaction
          .updateTable("payment_methods")
          .set({ is_default: 1 })
          .where("user_id", "=", userId)
          .where("id", "=", next.id)
          .execute();
      }
    }
    return row;
  });
}
