import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { LiveEvent } from "../../shared/booking-lifecycle.ts";
import { canAccessBooking, visibleBookings, type BookingActor } from "../access/booking-access.ts";
import type { DatabaseEngine } from "../db/database.ts";
import type { DatabaseSchema } from "../db/schema.ts";

// The domain events table (ADR 091): append-only, one row per thing that happened to a booking,
// written in the transaction of the change itself, read by the live stream (ADR 092).

type Db = Kysely<DatabaseSchema>;

/** The PostgreSQL channel the event writers NOTIFY and every process LISTENs on (ADR 092). */
export const eventsChannel = "booking_events";

export type NewEvent = {
  type: string;
  bookingId: string | null;
  actorUserId: string | null;
  actorRole: string;
  payload: unknown;
};

/** An event with the booking columns the access policy reads, as the stream filters it. */
/** ADR 276: the booking's status too, so the firm hears nothing of a booking its company has not approved. */
export type StoredEvent = LiveEvent & { bookingOwnerId: string | null; bookingStatus?: string };

/**
 * Appends the event with the caller's transaction. On PostgreSQL a transaction-scoped advisory
 * lock makes event ids commit in id order (ADR 091), so a reader that has seen id N never later
 * finds a smaller id committed; the NOTIFY is delivered by PostgreSQL only if the transaction
 * commits. SQLite has one writer at a time, so its ids commit in order by themselves.
 */
export async function appendEvent(executor: Db, engine: DatabaseEngine, event: NewEvent, now = new Date().toISOString()): Promise<number> {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${eventsChannel}))`.execute(executor);
  const row = await executor
    .insertInto("events")
    .values({
      type: event.type,
      booking_id: event.bookingId,
      actor_user_id: event.actorUserId,
      actor_role: event.actorRole,
      payload: JSON.stringify(event.payload ?? null),
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (engine === "postgres") await sql`select pg_notify(${eventsChannel}, ${String(id)})`.execute(executor);
  return id;
}

/** The engine behind an executor, for writers that are handed a transaction but not the database handle (the ledger). */
export function engineOf(executor: Db): DatabaseEngine {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function eventsQuery(db: Db) {
  return db
    .selectFrom("events")
    .leftJoin("bookings", "bookings.id", "events.booking_id")
    .select([
      "events.id",
      "events.type",
      "events.booking_id",
      "events.payload",
      "events.created_at",
      "bookings.user_id as booking_owner_id",
      "bookings.status as booking_status",
    ]);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>["execute"]>>[number];

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: Number(row.id),
    type: row.type,
    bookingId: row.booking_id,
    payload: parse(row.payload),
    createdAt: row.created_at,
    bookingOwnerId: row.booking_owner_id ?? null,
    ...(row.booking_status && { bookingStatus: row.booking_status }),
  };
}

/** Whether the viewer may see the event: the booking's access policy; events of no booking are staff-only. */
export function canSeeEvent(viewer: BookingActor, event: StoredEvent): boolean {
  if (event.bookingId === null) return canAccessBooking(viewer, { user_id: null }, "decide");
  return canAccessBooking(viewer, { user_id: event.bookingOwnerId, status: event.bookingStatus }, "view");
}

/** Every event after `afterId` (any viewer's), oldest first: the hub's one read per wake-up. */
export async function readAllEventsAfter(db: Db, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await eventsQuery(db).where("events.id", ">", afterId).orderBy("events.id", "asc").limit(limit).execute();
  return rows.map(toStoredEvent);
}

/**
 * The events after `afterId` the viewer may see, oldest first (a stream's resume, Last-Event-ID),
 * and the id the read reached (more may follow while `full`).
 */
export async function readEventsAfter(
  db: Db,
  viewer: BookingActor,
  afterId: number,
  limit: number,
): Promise<{ events: StoredEvent[]; lastId: number; full: boolean }> {
  const rows = await eventsQuery(db)
    .where("events.id", ">", afterId)
    .where((eb) => eb.or([eb("events.booking_id", "is", null), visibleBookings(viewer)(eb as never)]))
    .orderBy("events.id", "asc")
    .limit(limit)
    .execute();
  const events = rows.map(toStoredEvent);
  return {
    events: events.filter((event) => canSeeEvent(viewer, event)),
    lastId: events.at(-1)?.id ?? afterId,
    full: rows.length === limit,
  };
}

/** The newest event's id (0 when there is none): where a new stream without Last-Event-ID starts. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** A booking's events, oldest first. */
export async function eventsOfBooking(db: Db, bookingId: string): Promise<StoredEvent[]> {
  const rows = await eventsQuery(db).where("events.booking_id", "=", bookingId).orderBy("events.id", "asc").execute();
  return rows.map(toStoredEvent);
}
