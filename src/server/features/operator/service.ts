import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { BookingStatus } from "../../../shared/booking.ts";
import type {
  AdminBookingDetail,
  assignOperativesSchema,
  cancelBookingSchema,
  confirmBookingSchema,
  declineBookingSchema,
  EditableService,
  IdReviewItem,
  Operative,
  operativeSchema,
  serviceEditSchema,
  StaffPolicy,
} from "../../../shared/operator.ts";
import type { Role } from "../../../shared/roles.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { toCatalogueService } from "../../catalogue-store.ts";
import type { AppDependencies, AppServices } from "../../context.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { OperativesTable } from "../../db/tables/operator.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { assignedLeadFor } from "../../assigned-leads.ts";
import { bookingLinesOfOne } from "../../booking-lines.ts";
import { centsFromEuros, vatOfInclusive } from "../../../shared/money.ts";
import { auditEntriesOf, writeAudit } from "./audit.ts";
import { assignmentsOf, customerDetailsOf, findBooking, operatorStatusOf, toQueueBooking } from "./repo.ts";

// The operator console's rules (ADR 070): booking decisions, the operatives roster and their
// assignment, identity document review, the catalogue editor and staff roles. Every action runs
// in one transaction with its audit row and the customer's mail (ADR 032).

type Db = Kysely<DatabaseSchema>;
type BookingRow = Selectable<DatabaseSchema["bookings"]>;

/** docs/money.md: an adjusted total is VAT-inclusive and its VAT part is computed on it. */
const adjustedPrice = (euros: number) => ({ price: centsFromEuros(euros), vat_cents: vatOfInclusive(centsFromEuros(euros)) });

const refusedTransition = (message: string) => new HttpError(409, "invalid_transition", message);

// ---------------------------------------------------------------------------------------------
// Bookings

export async function bookingDetail(db: Db, id: string): Promise<AdminBookingDetail> {
  const row = await findBooking(db, id);
  if (!row) throw notFound("There is no such booking.");
  const customer = row.user_id ? await customerDetailsOf(db, row.user_id) : null;
  const profile = customer?.profile;
  return {
    ...toQueueBooking(row, row.customer_email ?? null),
    services: await bookingLinesOfOne(db, id),
    customerNote: row.customer_note,
    operatorNote: row.operator_note,
    declineReason: row.decline_reason,
    confirmedAt: row.confirmed_at,
    declinedAt: row.declined_at,
    cancelledAt: row.cancelled_at,
    language: row.language,
    timeOfDay: row.time_of_day,
    customer:
      profile && row.user_id
        ? {
            userId: row.user_id,
            fullName: profile.full_name,
            email: row.customer_email ?? profile.email,
            phoneNumber: profile.phone_number,
            address: profile.address,
            city: profile.city,
            country: profile.country,
            postalCode: profile.postal_code,
            language: profile.language,
          }
        : null,
    idVerification: customer?.idVerification
      ? {
          id: customer.idVerification.id,
          type: customer.idVerification.type,
          status: customer.idVerification.status,
          createdAt: customer.idVerification.created_at,
          reviewedAt: customer.idVerification.reviewed_at,
        }
      : null,
    emergencyContacts: customer?.contacts ?? [],
    assignments: await assignmentsOf(db, id),
    audit: await auditEntriesOf(db, "booking", id),
  };
}

type Decision =
  | { kind: "confirm"; input: z.output<typeof confirmBookingSchema> }
  | { kind: "decline"; input: z.output<typeof declineBookingSchema> }
  | { kind: "cancel"; input: z.output<typeof cancelBookingSchema> };

/** Which statuses each decision may leave (a decided booking is not decided again). */
const allowedFrom: Record<Decision["kind"], readonly BookingStatus[]> = {
  confirm: ["pending"],
  decline: ["pending"],
  cancel: ["pending", "confirmed"],
};

const decisionNames = { confirm: "confirmed", decline: "declined", cancel: "cancelled" } as const;
/** ADR 070: what the row's status becomes; a declined booking is a cancelled one with declined_at. */
const storedStatus = { confirm: "confirmed", decline: "cancelled", cancel: "cancelled" } as const;

/** The booking's fields an operator decision changes, as the audit log keeps them. */
function decisionFields(row: Pick<BookingRow, "status" | "declined_at" | "price" | "operator_note" | "decline_reason">) {
  return { status: operatorStatusOf(row), price: row.price, operatorNote: row.operator_note, declineReason: row.decline_reason };
}

/**
 * Confirm, decline or cancel: a conditional update (only from an allowed status), the audit row
 * and the customer's mail in one transaction. A booking already decided answers 409.
 */
export async function decideBooking(deps: AppDependencies, actor: SignedInUser, id: string, decision: Decision) {
  const db = deps.database.db;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await findBooking(trx, id);
    if (!before) throw notFound("There is no such booking.");
    const allowed = allowedFrom[decision.kind];
    const status = decisionNames[decision.kind];
    const stored = storedStatus[decision.kind];
    const changes =
      decision.kind === "confirm"
        ? {
            status: stored,
            confirmed_at: now,
            operator_note: decision.input.note || null,
            ...(decision.input.adjustedTotal !== undefined && adjustedPrice(decision.input.adjustedTotal)),
          }
        : decision.kind === "decline"
          ? { status: stored, declined_at: now, cancelled_at: now, decline_reason: decision.input.reason }
          : { status: stored, cancelled_at: now, ...(decision.input.reason && { decline_reason: decision.input.reason }) };
    const after = await trx
      .updateTable("bookings")
      .set(changes)
      .where("id", "=", id)
      .where("status", "in", [...allowed])
      .returningAll()
      .executeTakeFirst();
    if (!after) {
      throw refusedTransition(`This booking is ${operatorStatusOf(before)}; it cannot be ${status}.`);
    }
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: `booking.${decision.kind}`,
        subjectType: "booking",
        subjectId: id,
        before: decisionFields(before),
        after: decisionFields(after),
      },
      now,
    );
    if (before.customer_email) {
      const lead = decision.kind === "confirm" ? await assignedLeadFor(trx, id) : null;
      await enqueueMail(trx, {
        kind: "booking-decision",
        to: before.customer_email,
        payload: {
          language: after.language,
          decision: status,
          reference: id.slice(0, 8).toUpperCase(),
          location: after.location,
          startDate: after.start_date,
          endDate: after.end_date,
          totalCents: after.price,
          vatCents: after.vat_cents,
          ...(decision.kind === "confirm" && decision.input.note && { note: decision.input.note }),
          ...(decision.kind !== "confirm" && decision.input.reason && { reason: decision.input.reason }),
          ...(lead && { lead }),
        },
      });
    }
  });
  return bookingDetail(db, id);
}

// ---------------------------------------------------------------------------------------------
// Operatives

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function toOperative(row: Selectable<OperativesTable>): Operative {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    licenceNumber: row.licence_number,
    licenceExpiresOn: row.licence_expires_on,
    languages: parseList(row.languages),
    skills: parseList(row.skills) as Operative["skills"],
    active: Number(row.active) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function operativeColumns(input: z.output<typeof operativeSchema>) {
  return {
    name: input.name,
    phone: input.phone,
    licence_number: input.licenceNumber,
    licence_expires_on: input.licenceExpiresOn,
    languages: JSON.stringify(input.languages),
    skills: JSON.stringify(input.skills),
    active: input.active ? 1 : 0,
  };
}

export async function listOperatives(db: Db): Promise<Operative[]> {
  const rows = await db.selectFrom("operatives").selectAll().orderBy("active", "desc").orderBy("name", "asc").execute();
  return rows.map(toOperative);
}

export async function getOperative(db: Db, id: string): Promise<Operative> {
  const row = await db.selectFrom("operatives").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("There is no such operative.");
  return toOperative(row);
}

export async function createOperative(db: Db, actor: SignedInUser, input: z.output<typeof operativeSchema>): Promise<Operative> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("operatives")
      .values({ id, ...operativeColumns(input), created_at: now, updated_at: now })
      .execute();
    await writeAudit(
      trx,
      { actorUserId: actor.id, action: "operative.create", subjectType: "operative", subjectId: id, before: null, after: input },
      now,
    );
  });
  return getOperative(db, id);
}

export async function updateOperative(
  db: Db,
  actor: SignedInUser,
  id: string,
  input: z.output<typeof operativeSchema>,
): Promise<Operative> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("operatives").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw notFound("There is no such operative.");
    await trx
      .updateTable("operatives")
      .set({ ...operativeColumns(input), updated_at: now })
      .where("id", "=", id)
      .execute();
    const { id: _id, createdAt: _created, updatedAt: _updated, ...previous } = toOperative(before);
    await writeAudit(
      trx,
      { actorUserId: actor.id, action: "operative.update", subjectType: "operative", subjectId: id, before: previous, after: input },
      now,
    );
  });
  return getOperative(db, id);
}

/**
 * Removes an operative from the roster. One who has worked or works a booking stays (the booking
 * keeps its history) and is made inactive instead.
 */
export async function deleteOperative(db: Db, actor: SignedInUser, id: string): Promise<{ deleted: boolean }> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("operatives").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw notFound("There is no such operative.");
    const assigned = await trx.selectFrom("booking_assignments").select("id").where("operative_id", "=", id).executeTakeFirst();
    if (assigned) {
      await trx.updateTable("operatives").set({ active: 0, updated_at: now }).where("id", "=", id).execute();
    } else {
      await trx.deleteFrom("operatives").where("id", "=", id).execute();
    }
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: assigned ? "operative.deactivate" : "operative.delete",
        subjectType: "operative",
        subjectId: id,
        before: toOperative(before),
        after: assigned ? { active: false } : null,
      },
      now,
    );
    return { deleted: !assigned };
  });
}

// ---------------------------------------------------------------------------------------------
// Assignments

const assignmentRefused = (message: string) => new HttpError(409, "assignment_refused", message, { operatives: message });

/**
 * Assigns operatives to a booking. Refused (409, with the reason) when an operative is already on
 * it, is inactive, holds a licence that expires before the booking ends, or already works an
 * overlapping pending or confirmed booking. The checks run inside the transaction after locking
 * each operative's row (PostgreSQL FOR UPDATE; SQLite runs one write transaction at a time), so
 * two concurrent assignments of one operative cannot both pass.
 */
export async function assignOperatives(
  deps: AppDependencies,
  actor: SignedInUser,
  bookingId: string,
  input: z.output<typeof assignOperativesSchema>,
) {
  const db = deps.database.db;
  const isPostgres = deps.database.engine === "postgres";
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) throw notFound("There is no such booking.");
    if (booking.status !== "pending" && booking.status !== "confirmed") {
      throw refusedTransition(
        `This booking is ${operatorStatusOf(booking)}; operatives can only be assigned to pending or confirmed bookings.`,
      );
    }
    const before = await assignmentsOf(trx, bookingId);
    // Locks in a fixed order, so two requests locking the same operatives cannot deadlock.
    const ids = input.operatives.map((entry) => entry.operativeId).sort();
    for (const operativeId of ids) {
      const operative = await trx
        .selectFrom("operatives")
        .selectAll()
        .where("id", "=", operativeId)
        .$if(isPostgres, (query) => query.forUpdate())
        .executeTakeFirst();
      if (!operative) throw notFound("There is no such operative.");
      if (Number(operative.active) !== 1) throw assignmentRefused(`${operative.name} is not active.`);
      if (before.some((assignment) => assignment.operativeId === operativeId)) {
        throw assignmentRefused(`${operative.name} is already assigned to this booking.`);
      }
      if (operative.licence_expires_on < booking.end_date) {
        throw assignmentRefused(
          `${operative.name}'s licence expires on ${operative.licence_expires_on}, before the booking ends on ${booking.end_date}.`,
        );
      }
      const overlapping = await trx
        .selectFrom("booking_assignments")
        .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
        .select(["bookings.id", "bookings.start_date", "bookings.end_date", "bookings.location"])
        .where("booking_assignments.operative_id", "=", operativeId)
        .where("bookings.id", "!=", bookingId)
        .where("bookings.status", "in", ["pending", "confirmed"])
        .where("bookings.start_time", "<", booking.end_time)
        .where("bookings.end_time", ">", booking.start_time)
        .executeTakeFirst();
      if (overlapping) {
        throw assignmentRefused(
          `${operative.name} already works an overlapping booking (${overlapping.location}, ${overlapping.start_date} to ${overlapping.end_date}).`,
        );
      }
    }
    const newLead = input.operatives.find((entry) => entry.lead);
    const hasLead = before.some((assignment) => assignment.lead);
    if (newLead && hasLead) {
      await trx.updateTable("booking_assignments").set({ is_lead: 0 }).where("booking_id", "=", bookingId).execute();
    }
    // A booking always has a lead once it has operatives: the first listed unless one is marked.
    const leadId = newLead?.operativeId ?? (hasLead ? null : input.operatives[0]?.operativeId);
    await trx
      .insertInto("booking_assignments")
      .values(
        input.operatives.map((entry) => ({
          id: randomUUID(),
          booking_id: bookingId,
          operative_id: entry.operativeId,
          is_lead: entry.operativeId === leadId ? 1 : 0,
          created_at: now,
        })),
      )
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "booking.assign",
        subjectType: "booking",
        subjectId: bookingId,
        before: { assignments: before.map(({ operativeId, lead }) => ({ operativeId, lead })) },
        after: { assignments: (await assignmentsOf(trx, bookingId)).map(({ operativeId, lead }) => ({ operativeId, lead })) },
      },
      now,
    );
  });
  return assignmentsOf(db, bookingId);
}

export async function unassignOperative(deps: AppDependencies, actor: SignedInUser, bookingId: string, operativeId: string) {
  const db = deps.database.db;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await assignmentsOf(trx, bookingId);
    const removed = before.find((assignment) => assignment.operativeId === operativeId);
    if (!removed) throw notFound("This operative is not assigned to this booking.");
    await trx.deleteFrom("booking_assignments").where("booking_id", "=", bookingId).where("operative_id", "=", operativeId).execute();
    // The lead left: the next operative (by name) leads, so a staffed booking always has one.
    const next = before.find((assignment) => assignment.operativeId !== operativeId);
    if (removed.lead && next) {
      await trx
        .updateTable("booking_assignments")
        .set({ is_lead: 1 })
        .where("booking_id", "=", bookingId)
        .where("operative_id", "=", next.operativeId)
        .execute();
    }
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "booking.unassign",
        subjectType: "booking",
        subjectId: bookingId,
        before: { assignments: before.map(({ operativeId: id, lead }) => ({ operativeId: id, lead })) },
        after: { assignments: (await assignmentsOf(trx, bookingId)).map(({ operativeId: id, lead }) => ({ operativeId: id, lead })) },
      },
      now,
    );
  });
  return assignmentsOf(db, bookingId);
}

// ---------------------------------------------------------------------------------------------
// Identity documents

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
  if (!row) throw notFound("There is no such document.");
  return { ...toIdReviewItem(row), audit: await auditEntriesOf(db, "id_verification", id) };
}

/** The document's file for an operator's eyes; the viewing itself is audited (GDPR Art. 5(2) accountability). */
export async function readIdDocument(deps: AppDependencies, actor: SignedInUser, id: string) {
  const db = deps.database.db;
  const row = await db.selectFrom("id_verifications").select(["file_key", "content_type"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("There is no such document.");
  const file = row.file_key ? await deps.storage.get(row.file_key) : null;
  if (!file) throw notFound("The file of this document is no longer kept.");
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
    if (!before) throw notFound("There is no such document.");
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
    if (!updated) throw refusedTransition(`This document is already ${before.status}.`);
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

// ---------------------------------------------------------------------------------------------
// Catalogue

async function readService(db: Db, id: string): Promise<EditableService> {
  const row = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("There is no such service.");
  return { ...toCatalogueService(row), sortOrder: row.sort_order };
}

export async function listServices(db: Db): Promise<EditableService[]> {
  const rows = await db.selectFrom("services").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map((row) => ({ ...toCatalogueService(row), sortOrder: row.sort_order }));
}

export { readService as getService };

const cents = (euros: number) => Math.round(euros * 100);

/**
 * Saves every field of a service. New quotes price against it at once (the catalogue cache is
 * dropped); stored bookings keep the price they were booked at (bookings.price is never derived).
 */
export async function updateService(
  deps: AppDependencies,
  services: AppServices,
  actor: SignedInUser,
  id: string,
  input: z.output<typeof serviceEditSchema>,
): Promise<EditableService> {
  const db = deps.database.db;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await readService(trx, id);
    const clash = await trx.selectFrom("services").select("id").where("slug", "=", input.slug).where("id", "!=", id).executeTakeFirst();
    if (clash) throw new HttpError(409, "already_exists", "Another service has this slug.", { slug: "Another service has this slug." });
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    await trx
      .updateTable("services")
      .set({
        slug: input.slug,
        title: input.title,
        description: input.description,
        type: input.type,
        base_price_cents: cents(input.basePrice),
        original_price_cents: input.originalPrice === null ? null : cents(input.originalPrice),
        price_unit: input.priceUnit,
        guard_multiplier: input.guardMultiplier ? 1 : 0,
        min_guards: input.minGuards,
        max_guards: input.maxGuards,
        duration_options: JSON.stringify(input.durationOptions),
        style_options: JSON.stringify(input.styleOptions),
        car_options: json(input.carOptions),
        car_prices: json(input.carPrices),
        time_of_day_prices: json(input.timeOfDayPrices),
        sort_order: input.sortOrder,
      })
      .where("id", "=", id)
      .execute();
    await writeAudit(
      trx,
      { actorUserId: actor.id, action: "service.update", subjectType: "service", subjectId: id, before, after: input },
      now,
    );
  });
  services.catalogue.forget();
  return readService(db, id);
}

// ---------------------------------------------------------------------------------------------
// Staff roles and policy

export async function listUsers(db: Db, search: string | undefined) {
  let query = db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "users.role", "profiles.full_name"]);
  if (search) query = query.where("users.email", "like", `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`);
  const rows = await query.orderBy("users.email").limit(50).execute();
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role ?? "customer", fullName: row.full_name ?? "" }));
}

/** Admins only (the route's guard). An admin cannot change their own role, so the last admin cannot lock everyone out. */
export async function grantRole(db: Db, actor: SignedInUser, userId: string, role: Role) {
  if (userId === actor.id) throw new HttpError(409, "invalid_transition", "You cannot change your own role.");
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!before) throw notFound("There is no such user.");
    await trx.updateTable("users").set({ role, updated_at: now }).where("id", "=", userId).execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "user.role",
        subjectType: "user",
        subjectId: userId,
        before: { role: before.role },
        after: { role },
      },
      now,
    );
    return { id: userId, email: before.email, role };
  });
}

export const operatorTwoFactorKey = "operator_two_factor_required";

export async function readStaffPolicy(db: Db): Promise<StaffPolicy> {
  const row = await db.selectFrom("app_config").select("value").where("key", "=", operatorTwoFactorKey).executeTakeFirst();
  return { operatorTwoFactorRequired: row?.value === "true" };
}

export async function updateStaffPolicy(db: Db, actor: SignedInUser, policy: StaffPolicy): Promise<StaffPolicy> {
  await db.transaction().execute(async (trx) => {
    const before = await readStaffPolicy(trx);
    const value = String(policy.operatorTwoFactorRequired);
    await trx
      .insertInto("app_config")
      .values({ key: operatorTwoFactorKey, value })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.id,
      action: "policy.update",
      subjectType: "policy",
      subjectId: operatorTwoFactorKey,
      before,
      after: policy,
    });
  });
  return readStaffPolicy(db);
}

/** Whether this user's two-factor sign-in is on (Better Auth's twoFactor plugin sets the flag). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("two_factor_enabled").where("id", "=", userId).executeTakeFirst();
  return row?.two_factor_enabled === true || Number(row?.two_factor_enabled) === 1;
}
