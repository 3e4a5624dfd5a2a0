import { anonymiseAccountingRecords } from "../../accounting-records.ts";
import { forgetThreadsOfCustomer } from "../../booking-thread/thread-store.ts";
import type { Transaction } from "kysely";
import { bookingLinesOf } from "../../booking-lines.ts";
import type { Database } from "../../db/database.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { Language } from "../../../shared/languages.ts";

// Queries of account security, deletion and the data export. Every query is filtered by the
// signed-in user's id (the caller's c.var.user.id); nothing here takes another user's id from input.

type Executor = Database | Transaction<DatabaseSchema>;

/** docs/product.md §2 DELETE ACCOUNT: bookings still to come (pending or confirmed, starting now or later). */
export async function countUpcomingBookings(db: Executor, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", userId)
    .where("status", "in", ["pending", "confirmed"])
    .where("start_time", ">=", now.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The language the customer reads the site in (mails are written in it). */
export async function findLanguage(db: Executor, userId: string): Promise<Language> {
  const row = await db.selectFrom("profiles").select("language").where("id", "=", userId).executeTakeFirst();
  return row?.language ?? "en";
}

export async function isTwoFactorEnabled(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("two_factor_enabled").where("id", "=", userId).executeTakeFirst();
  // SQLite stores the flag as 0/1, PostgreSQL as a boolean.
  return Boolean(Number(row?.two_factor_enabled ?? 0));
}

/** The private files of an account (avatar, ID documents), deleted after the rows are gone. */
export async function findAccountFileKeys(db: Executor, userId: string): Promise<string[]> {
  const profile = await db.selectFrom("profiles").select("avatar_key").where("id", "=", userId).executeTakeFirst();
  const documents = await db
    .selectFrom("id_verifications")
    .select("file_key")
    .where("user_id", "=", userId)
    .where("file_key", "is not", null)
    .execute();
  return [profile?.avatar_key, ...documents.map((row) => row.file_key)].filter((key): key is string => typeof key === "string");
}

/** What stands in for the name on a deleted customer's kept bookings (ADR 061), worded per language on screens. */
export { deletedCustomerName } from "../../../shared/customer-names.ts";
import { deletedCustomerName } from "../../../shared/customer-names.ts";

/**
 * ADR 061: every row of the account goes, in the caller's transaction; bookings that are kept for
 * the accounting records (past or cancelled) lose their owner and the customer's name first, as
 * bookings.user_id would otherwise cascade. The explicit deletes repeat what the cascades from
 * users do, so the outcome does not depend on SQLite's foreign_keys pragma.
 */
/** The addresses a customer added to the profile (migration 0008), verified or not. */
export async function findAdditionalAddresses(trx: Transaction<DatabaseSchema>, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom("profile_emails").select("email").where("user_id", "=", userId).execute();
  return rows.map((row) => row.email);
}

export async function deleteAccountRows(trx: Transaction<DatabaseSchema>, userId: string, now = new Date()): Promise<void> {
  // ADR 143: invoices and receipts stay as accounting records, without the person.
  await anonymiseAccountingRecords(trx, userId);
  // ADR 186: the booking threads go, each leaving staff a note that the customer deleted the account
  // (before the bookings lose their owner, by which the threads are found).
  await forgetThreadsOfCustomer(trx, userId, now.toISOString());
  // docs/product.md §12: change requests hold the customer's own words and places, and each version's
  // snapshot the meeting point; the booking row keeps its agreed days, lines and total without them.
  const ownBookings = trx.selectFrom("bookings").select("id").where("user_id", "=", userId);
  await trx.deleteFrom("booking_versions").where("booking_id", "in", ownBookings).execute();
  await trx.deleteFrom("booking_change_requests").where("booking_id", "in", ownBookings).execute();
  await trx
    .updateTable("bookings")
    // ADR 181: the protected person and the meeting point go with the account, like the note.
    .set({
      user_id: null,
      customer_name: deletedCustomerName,
      customer_note: null,
      idempotency_key: null,
      meeting_point: null,
      principal_name: null,
      principal_codename: null,
      principal_phone: null,
      principal_direct_contact: null,
    })
    .where("user_id", "=", userId)
    .execute();
  await trx.deleteFrom("profile_emails").where("user_id", "=", userId).execute();
  await trx.deleteFrom("payment_methods").where("user_id", "=", userId).execute();
  await trx.deleteFrom("id_verifications").where("user_id", "=", userId).execute();
  await trx.deleteFrom("emergency_contacts").where("user_id", "=", userId).execute();
  await trx.deleteFrom("two_factors").where("user_id", "=", userId).execute();
  await trx.deleteFrom("passkeys").where("user_id", "=", userId).execute();
  // ADR 272: the encrypted personal identity number goes with the account.
  await trx.deleteFrom("bankid_identities").where("user_id", "=", userId).execute();
  await trx.deleteFrom("bankid_orders").where("user_id", "=", userId).execute();
  await trx.deleteFrom("totp_last_codes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("auth_accounts").where("user_id", "=", userId).execute();
  // Reset links and sign-in challenges name the user id as their value.
  await trx.deleteFrom("auth_verifications").where("value", "=", userId).execute();
  await trx.deleteFrom("profiles").where("id", "=", userId).execute();
  await trx.deleteFrom("users").where("id", "=", userId).execute();
}

/** GDPR Art. 15/20: every row we hold about the user, without secrets (see service.ts). */
export async function readAccountData(db: Database, userId: string) {
  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email", "email_verified", "image", "role", "two_factor_enabled", "created_at", "updated_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const profile = await db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
  const additionalEmails = await db
    .selectFrom("profile_emails")
    .select(["id", "email", "verified_at", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  const paymentMethods = await db
    .selectFrom("payment_methods")
    .select(["id", "card_brand", "card_last_four", "expiry_month", "expiry_year", "is_default", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  const idVerifications = await db
    .selectFrom("id_verifications")
    .select(["id", "type", "status", "content_type", "file_size", "file_key", "rejection_reason", "reviewed_at", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  const emergencyContacts = await db
    .selectFrom("emergency_contacts")
    .select(["id", "name", "phone", "email", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  const bookingRows = await db
    .selectFrom("bookings")
    .select([
      "id",
      "customer_name",
      "location",
      "start_time",
      "end_time",
      "start_date",
      "end_date",
      "price",
      "service_type",
      "status",
      "time_of_day",
      "guard_count",
      "style",
      "car_option",
      "duration",
      "total_days",
      "vat_cents",
      "customer_note",
      // docs/product.md §12: the engagement details the customer entered are part of their data.
      "start_clock",
      "end_clock",
      "meeting_point",
      "principal_name",
      "principal_codename",
      "principal_phone",
      "principal_direct_contact",
      "language",
      "created_at",
      "cancelled_at",
      "payment_status",
      "operator_note",
      "decline_reason",
      "cancel_reason",
    ])
    .where("user_id", "=", userId)
    .orderBy("start_time")
    .execute();
  const sessions = await db
    .selectFrom("sessions")
    .select(["id", "created_at", "updated_at", "expires_at", "ip_address", "user_agent"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  const credentials = await db
    .selectFrom("auth_accounts")
    .select(["provider_id", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .execute();
  // ADR 270: each passkey is a way to sign in too (its key stays out: a credential, not the customer's data).
  const passkeys = await db
    .selectFrom("passkeys")
    .select(["created_at"])
    .where("user_id", "=", userId)
    .where("created_at", "is not", null)
    .orderBy("created_at")
    .execute();
  const signInMethods = [
    ...credentials.map((credential) => ({ provider_id: credential.provider_id, created_at: credential.created_at })),
    ...passkeys.flatMap((passkey) => (passkey.created_at ? [{ provider_id: "passkey", created_at: passkey.created_at }] : [])),
  ];
  // Each booking with the services booked (booking_lines), as the customer chose them.
  const lines = await bookingLinesOf(
    db,
    bookingRows.map((booking) => booking.id),
  );
  const bookings = bookingRows.map((booking) => ({ ...booking, services: lines.get(booking.id) ?? [] }));
  // docs/product.md §12: the quote versions and the change requests of the customer's bookings.
  const bookingIds = bookingRows.map((booking) => booking.id);
  const quoteVersions =
    bookingIds.length === 0
      ? []
      : await db
          .selectFrom("booking_versions")
          .select(["booking_id", "number", "status", "snapshot", "total_cents", "reason", "created_at", "decided_at", "decline_reason"])
          .where("booking_id", "in", bookingIds)
          .orderBy("booking_id")
          .orderBy("number")
          .execute();
  const changeRequests =
    bookingIds.length === 0
      ? []
      : await db
          .selectFrom("booking_change_requests")
          .select(["booking_id", "status", "request", "created_at", "decided_at", "decline_reason"])
          .where("booking_id", "in", bookingIds)
          .orderBy("created_at")
          .execute();
  // docs/payments.md: the payments of the customer's bookings and their ledger rows (ADR 131), without
  // the gateway's references or which staff member acted (actor_role only).
  const payments =
    bookingIds.length === 0
      ? []
      : await db
          .selectFrom("payments")
          .select(["id", "booking_id", "purpose", "amount_cents", "currency", "card_brand", "card_last_four", "created_at"])
          .where("booking_id", "in", bookingIds)
          .orderBy("created_at")
          .orderBy("id")
          .execute();
  const paymentEvents =
    payments.length === 0
      ? []
      : await db
          .selectFrom("payment_events")
          .select(["payment_id", "type", "amount_cents", "reason", "actor_role", "created_at"])
          .where(
            "payment_id",
            "in",
            payments.map((payment) => payment.id),
          )
          .orderBy("created_at")
          .orderBy("id")
          .execute();
  // ADR 165: only the incident reports an operator shared with the customer, without who wrote them.
  const sharedIncidents =
    bookingIds.length === 0
      ? []
      : await db
          .selectFrom("incident_reports")
          .select(["booking_id", "occurred_at", "severity", "text"])
          .where("booking_id", "in", bookingIds)
          .where("shared_at", "is not", null)
          .orderBy("occurred_at")
          .orderBy("id")
          .execute();
  const ratings =
    bookingIds.length === 0
      ? []
      : await db
          .selectFrom("booking_ratings")
          .select(["booking_id", "stars", "comment", "created_at"])
          .where("booking_id", "in", bookingIds)
          .execute();
  return {
    user,
    profile,
    additionalEmails,
    paymentMethods,
    idVerifications,
    emergencyContacts,
    bookings,
    quoteVersions: quoteVersions.map(({ snapshot, ...row }) => ({ ...row, booking: JSON.parse(snapshot) as unknown })),
    changeRequests: changeRequests.map(({ request, ...row }) => ({ ...row, request: JSON.parse(request) as unknown })),
    payments,
    paymentEvents,
    sharedIncidents,
    ratings,
    sessions,
    signInMethods,
    bankIdIdentity: await db
      .selectFrom("bankid_identities")
      .select(["name", "personal_number_encrypted", "linked_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  };
}
