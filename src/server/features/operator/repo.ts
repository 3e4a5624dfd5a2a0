import { buyerVatOfBooking } from "../../../shared/buyer-vat.ts";
import { PostgresAdapter, sql, type Kysely, type Selectable } from "kysely";
import { replyPromiseHours, type AssignmentView, type BookingQueuePage, type QueueBooking } from "../../../shared/operator.ts";
import type { z } from "zod";
import type { bookingQueueQuerySchema } from "../../../shared/operator.ts";
import { addDays } from "../../../shared/time.ts";
import { placeSearchVariants } from "../../../shared/place-names.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError } from "../../http-error.ts";
import { visibleBookings, type BookingActor } from "../../access/booking-access.ts";
import { unreadCounts, waitingSince } from "../../booking-thread/thread-store.ts";
import { waitingForUs } from "./waiting-for-us.ts";
import { bookingServiceIdsOf } from "../../booking-lines.ts";

// Queries of the operator console (ADR 070). Staff see every customer's rows under the booking
// access policy (ADR 093); only routes behind the staff guard (guard.ts) call them.

type Db = Kysely<DatabaseSchema>;
type BookingRow = Selectable<DatabaseSchema["bookings"]>;

const hourMs = 3_600_000;

export function replyDueAt(createdAt: string): string {
  return new Date(new Date(createdAt).getTime() + replyPromiseHours * hourMs).toISOString();
}

/** docs/product.md §12: the thread's figures of a queue row, for the operator who reads it. */
export type ThreadFigures = { unread: number; waitingSince: string | null };

export function toQueueBooking(
  row: BookingRow,
  customerEmail: string | null,
  serviceIds: string[],
  acceptedCount = 0,
  thread: ThreadFigures = { unread: 0, waitingSince: null },
): QueueBooking {
  return {
    id: row.id,
    status: row.status,
    paymentDueAt: row.payment_due_at,
    customerName: row.customer_name,
    customerEmail,
    location: row.location,
    countryCode: row.country_code,
    serviceType: row.service_type,
    serviceIds,
    startDate: row.start_date,
    endDate: row.end_date,
    guardCount: row.guard_count,
    totalCents: Number(row.price),
    vatCents: Number(row.vat_cents),
    buyerVat: buyerVatOfBooking(row),
    createdAt: row.created_at,
    replyDueAt: replyDueAt(row.created_at),
    acceptedCount,
    unreadMessages: thread.unread,
    messagesWaitingSince: thread.waitingSince,
    messageReplyDueAt: thread.waitingSince ? replyDueAt(thread.waitingSince) : null,
    // ADR 181: the queue names the protected person by codename only, never by name.
    principal: row.principal_phone === null ? null : { codename: row.principal_codename },
  };
}

/** ADR 188: since when each booking's oldest unanswered change request waits for an operator. */
async function pendingRequestsSince(db: Db, bookingIds: readonly string[]): Promise<Map<string, string>> {
  const since = new Map<string, string>();
  if (bookingIds.length === 0) return since;
  const rows = await db
    .selectFrom("booking_change_requests")
    .select(["booking_id", (eb) => eb.fn.min("created_at").as("since")])
    .where("status", "=", "pending")
    .where("booking_id", "in", [...bookingIds])
    .groupBy("booking_id")
    .execute();
  for (const row of rows) if (row.since) since.set(row.booking_id, String(row.since));
  return since;
}

/**
 * The thread figures of the given bookings for one reader: unread customer messages and the reply
 * clock, which runs from the oldest of what waits for us (docs/product.md §12, the same reasons as
 * `?waiting=us`): an unanswered message (ADR 184) or a pending change request (ADR 188).
 */
export async function threadFigures(db: Db, readerId: string, bookingIds: readonly string[]): Promise<Map<string, ThreadFigures>> {
  const unread = await unreadCounts(db, { userId: readerId, side: "staff" }, bookingIds);
  const messages = await waitingSince(db, bookingIds);
  const requests = await pendingRequestsSince(db, bookingIds);
  const oldest = (id: string) => [messages.get(id), requests.get(id)].filter((since) => since !== undefined).sort()[0] ?? null;
  return new Map(bookingIds.map((id) => [id, { unread: unread.get(id) ?? 0, waitingSince: oldest(id) }]));
}

/** How many operatives accepted each booking (docs/operatives.md: fully staffed only with enough acceptances). */
export async function acceptedCounts(db: Db, bookingIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (bookingIds.length === 0) return counts;
  const rows = await db
    .selectFrom("booking_assignments")
    .select(["booking_id", (eb) => eb.fn.countAll().as("accepted")])
    .where("state", "=", "accepted")
    .where("booking_id", "in", [...bookingIds])
    .groupBy("booking_id")
    .execute();
  for (const row of rows) counts.set(row.booking_id, Number(row.accepted));
  return counts;
}

/** The opaque cursor: the last row's (created_at, id), base64url JSON. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string") {
      return [value[0], value[1]];
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new HttpError(400, "invalid_input", "The page cursor is not valid.", { cursor: "Invalid cursor" });
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards taken literally ('!' escapes). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/** Above this many matches a search walks the queue's order instead of fetching the matches by id. */
const searchIdLimit = 1000;

/**
 * The ids of bookings whose customer name, location or customer e-mail contain the text, or null
 * when there are more than searchIdLimit (a common word: walking the queue in order finds a page
 * sooner). The name and location come from the narrow search index (migration 0012), not the rows.
 */
async function bookingIdsMatching(db: Db, patterns: readonly string[], emailPattern: string): Promise<string[] | null> {
  const byText = await db
    .selectFrom("bookings")
    .select("id")
    .where((eb) => eb.or(patterns.map((pattern) => sql<boolean>`lower(customer_name || ' ' || location) like ${pattern} escape '!'`)))
    .limit(searchIdLimit + 1)
    .execute();
  if (byText.length > searchIdLimit) return null;
  const byEmail = await db
    .selectFrom("bookings")
    .select("bookings.id")
    .where("bookings.user_id", "in", (eb) =>
      eb
        .selectFrom("users")
        .select("users.id")
        .where(sql<boolean>`lower(users.email) like ${emailPattern} escape '!'`),
    )
    .limit(searchIdLimit + 1)
    .execute();
  const ids = new Set([...byText, ...byEmail].map((row) => row.id));
  return ids.size > searchIdLimit ? null : [...ids];
}

/** The longest booking in days: a booking overlapping `from` starts at most this long before it. */
async function longestBookingDays(db: Db): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.max("total_days").as("days"))
    .executeTakeFirst();
  return Number(row?.days ?? 0);
}

/**
 * The bookings queue: filters in SQL, oldest first (time waiting), keyset pagination on
 * (created_at, id) so a page costs the same at any depth (bench/admin-queue.ts, ADR 072).
 */
export async function listQueue(db: Db, actor: BookingActor, query: z.output<typeof bookingQueueQuerySchema>): Promise<BookingQueuePage> {
  let select = db
    .selectFrom("bookings")
    .leftJoin("users", "users.id", "bookings.user_id")
    .selectAll("bookings")
    .select("users.email as customer_email")
    .where(visibleBookings(actor));
  if (query.status) select = select.where("bookings.status", "=", query.status);
  // A booking is found under each of its services, not only its first (docs/product.md §3 booking_lines).
  const serviceType = query.serviceType;
  if (serviceType)
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom("booking_lines")
          .select("booking_lines.position")
          .whereRef("booking_lines.booking_id", "=", "bookings.id")
          .where("booking_lines.service_type", "=", serviceType),
      ),
    );
  if (query.waiting === "us") select = select.where(waitingForUs);
  // Bookings overlapping the range of operator days. The lower bound on start_date is implied by
  // end_date ≥ from; stating it lets the start_date index find the few candidates.
  if (query.from) {
    const earliestStart = addDays(query.from, -Math.max(0, (await longestBookingDays(db)) - 1));
    select = select.where("bookings.end_date", ">=", query.from).where("bookings.start_date", ">=", earliestStart);
  }
  if (query.to) select = select.where("bookings.start_date", "<=", query.to);
  if (query.q) {
    // ADR 113: a country named in any of our languages finds places booked in the others.
    const pattern = containsPattern(query.q);
    const patterns = placeSearchVariants(query.q).map(containsPattern);
    const ids = await bookingIdsMatching(db, patterns, pattern);
    if (ids) {
      if (ids.length === 0) return { bookings: [], nextCursor: null };
      select = select.where("bookings.id", "in", ids);
    } else {
      select = select.where((eb) =>
        eb.or([
          ...patterns.map(
            (variant) =>
              sql<boolean>`lower(${eb.ref("bookings.customer_name")} || ' ' || ${eb.ref("bookings.location")}) like ${variant} escape '!'`,
          ),
          sql<boolean>`lower(${eb.ref("users.email")}) like ${pattern} escape '!'`,
        ]),
      );
    }
  }
  // The queue sorts by waiting time (created_at) or by how soon the service starts (start_time).
  const sortColumn = query.sort === "start" ? "bookings.start_time" : "bookings.created_at";
  if (query.cursor) {
    const [key, id] = decodeCursor(query.cursor);
    select = select.where((eb) => eb.or([eb(sortColumn, ">", key), eb.and([eb(sortColumn, "=", key), eb("bookings.id", ">", id)])]));
  }
  // ADR 114: with a date range PostgreSQL walks the waiting order, expecting the range's bookings
  // early, but upcoming bookings were made lately, at its end (47,000 rows read for 26 at 100,000
  // bookings). Ordering by an expression lets it fetch the range's few rows by date and sort them.
  const sortsRange = (query.from !== undefined || query.to !== undefined) && db.getExecutor().adapter instanceof PostgresAdapter;
  const sortExpression =
    query.sort === "start" ? sql`bookings.start_time` : sortsRange ? sql`bookings.created_at || ''` : sql`bookings.created_at`;
  const rows = await select
    .orderBy(sortExpression, "asc")
    .orderBy("bookings.id", "asc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const accepted = await acceptedCounts(
    db,
    page.map((row) => row.id),
  );
  const services = await bookingServiceIdsOf(
    db,
    page.map((row) => row.id),
  );
  const threads =
    actor.kind === "user"
      ? await threadFigures(
          db,
          actor.id,
          page.map((row) => row.id),
        )
      : new Map<string, ThreadFigures>();
  return {
    bookings: page.map((row) =>
      toQueueBooking(row, row.customer_email ?? null, services.get(row.id) ?? [], accepted.get(row.id) ?? 0, threads.get(row.id)),
    ),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(query.sort === "start" ? last.start_time : last.created_at, last.id) : null,
  };
}

export async function findBooking(db: Db, id: string) {
  return db
    .selectFrom("bookings")
    .leftJoin("users", "users.id", "bookings.user_id")
    .selectAll("bookings")
    .select("users.email as customer_email")
    .where("bookings.id", "=", id)
    .executeTakeFirst();
}

export async function assignmentsOf(db: Db, bookingId: string): Promise<AssignmentView[]> {
  const rows = await db
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select([
      "operatives.id",
      "operatives.name",
      "operatives.phone",
      "booking_assignments.is_lead",
      "booking_assignments.state",
      "booking_assignments.respond_by",
      "booking_assignments.responded_at",
      "booking_assignments.decline_reason",
    ])
    .where("booking_assignments.booking_id", "=", bookingId)
    .orderBy("booking_assignments.is_lead", "desc")
    .orderBy("operatives.name", "asc")
    .execute();
  return rows.map((row) => ({
    operativeId: row.id,
    name: row.name,
    phone: row.phone,
    lead: Number(row.is_lead) === 1,
    state: row.state,
    respondBy: row.respond_by,
    respondedAt: row.responded_at,
    declineReason: row.decline_reason,
  }));
}

export async function customerDetailsOf(db: Db, userId: string) {
  const profile = await db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
  const idVerification = await db
    .selectFrom("id_verifications")
    .select(["id", "type", "status", "created_at", "reviewed_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const contacts = await db
    .selectFrom("emergency_contacts")
    .select(["name", "phone", "email"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .execute();
  return { profile, idVerification, contacts };
}
