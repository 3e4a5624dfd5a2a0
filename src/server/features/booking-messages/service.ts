import { sql } from "kysely";
import {
  threadNotificationDelayMinutes,
  type BookingThread,
  type ThreadMessage,
  type UnreadMessages,
} from "../../../shared/booking-messages.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import {
  insertMessage,
  markRead,
  messagesOf,
  threadAccessRow,
  threadNotificationReference,
  toThreadMessage,
  unreadCounts,
  type ThreadSide,
} from "../../booking-thread/thread-store.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import { appendEvent } from "../../events/events-repo.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { enqueueJob, type Executor } from "../../jobs/queue.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";

// docs/product.md §12: the booking's message thread, read and written by the customer who owns the
// booking (the dashboard) and by staff (the console). Every request asks the one booking access
// policy for the "thread" action (ADR 093, 185); anyone else, an operative of the booking
// included, is told the booking does not exist. A message is one transaction: the row, the
// thread's summary, a domain event for the live streams (ADR 092) and, for the first message of a
// burst, the notification job (ADR 184).

type Services = Pick<AppServices, "clock" | "events">;

const missing = () => notFound("noSuchBooking");
const firstName = (name: string) => name.trim().split(/\s+/)[0] || null;

/** The booking if the user may use its thread from this side; 404 otherwise. */
async function accessibleThread(executor: Executor, user: SignedInUser, bookingId: string, side: ThreadSide, now: Date) {
  const booking = await threadAccessRow(executor, bookingId);
  const actor = userActor(user);
  if (!booking || !canAccessBooking(actor, booking, "thread", now)) throw missing();
  // The dashboard is the owner's side only: staff read other customers' threads in the console.
  if (side === "customer" && booking.user_id !== user.id) throw missing();
  return booking;
}

export async function readThread(deps: AppDependencies, services: Services, user: SignedInUser, bookingId: string, side: ThreadSide) {
  const db = deps.database.db;
  const booking = await accessibleThread(db, user, bookingId, side, services.clock.now());
  const rows = await messagesOf(db, bookingId);
  const unread = (await unreadCounts(db, { userId: user.id, side }, [bookingId])).get(bookingId) ?? 0;
  const thread: BookingThread = {
    bookingId,
    messages: rows.map((row) => toThreadMessage(row, side)),
    unread,
    open: booking.user_id !== null,
  };
  return thread;
}

export async function postMessage(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  side: ThreadSide,
  text: string,
): Promise<ThreadMessage> {
  const db = deps.database.db;
  const now = services.clock.now();
  const booking = await accessibleThread(db, user, bookingId, side, now);
  // ADR 186: the customer deleted their account; there is nobody left to answer.
  if (booking.user_id === null) throw HttpError.because(409, "invalid_transition", "threadClosedAccountDeleted");
  await enforceRateLimits(db, [{ rule: rateLimitRules.threadMessagesPerUser, subject: user.id }], undefined, now);
  const at = now.toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const message = await insertMessage(
      trx,
      {
        bookingId,
        author: side,
        authorUserId: user.id,
        authorName: side === "staff" ? firstName(user.name) : null,
        kind: "text",
        body: text,
      },
      at,
    );
    // docs/product.md §6: every staff action is audited; the row names the message, never its text,
    // which goes with the customer's account (ADR 186) while the audit log stays.
    if (side === "staff") {
      await writeAudit(
        trx,
        {
          actorUserId: user.id,
          action: "thread.reply",
          subjectType: "booking",
          subjectId: bookingId,
          before: null,
          after: { message: Number(message.id) },
        },
        at,
      );
    }
    // The author has read everything up to their own message.
    await markRead(trx, bookingId, user.id, Number(message.id), at);
    await appendEvent(
      trx,
      deps.database.engine,
      {
        type: "booking.message",
        bookingId,
        actorUserId: user.id,
        actorRole: side === "staff" ? (user.role ?? "operator") : "customer",
        // Names the message only: its text is the customer's data and goes with the account (ADR 186).
        payload: { message: Number(message.id), author: side },
      },
      at,
    );
    await scheduleNotification(trx, deps, bookingId, side === "customer" ? "staff" : "customer", now, services);
    return message;
  });
  services.events.wake();
  return toThreadMessage(row, side);
}

/**
 * ADR 184: the first message of a burst queues the other side's notification a few minutes ahead;
 * while it is pending, later messages add nothing. On PostgreSQL two messages written at the same
 * moment take turns on a transaction lock, so they cannot both find no job and queue two; SQLite
 * has one writer at a time.
 */
async function scheduleNotification(
  trx: Executor,
  deps: AppDependencies,
  bookingId: string,
  audience: ThreadSide,
  now: Date,
  services: Services,
): Promise<void> {
  const reference = threadNotificationReference(bookingId, audience);
  if (deps.database.engine === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${reference}))`.execute(trx);
  const pending = await trx
    .selectFrom("jobs")
    .select("id")
    .where("reference_key", "=", reference)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (pending) return;
  await enqueueJob(
    trx,
    {
      kind: "thread-notification",
      payload: { bookingId, audience },
      runAt: new Date(now.getTime() + threadNotificationDelayMinutes * 60_000),
      referenceKey: reference,
    },
    services.clock,
  );
}

/** Read receipts: the reader viewed the thread up to `lastSeenId`; answers what is still unread. */
export async function markThreadRead(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  side: ThreadSide,
  lastSeenId: number,
): Promise<{ unread: number }> {
  const db = deps.database.db;
  const now = services.clock.now();
  await accessibleThread(db, user, bookingId, side, now);
  // Never past the newest message that exists: a made-up id cannot hide messages still to come.
  const newest = await db
    .selectFrom("booking_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  await markRead(db, bookingId, user.id, Math.min(lastSeenId, Number(newest?.id ?? 0)), now.toISOString());
  return { unread: (await unreadCounts(db, { userId: user.id, side }, [bookingId])).get(bookingId) ?? 0 };
}

/** The customer's unread messages over the bookings they own (the dashboard menu's badge). */
export async function unreadOfCustomer(deps: AppDependencies, user: SignedInUser): Promise<UnreadMessages> {
  const counts = await unreadCounts(deps.database.db, { userId: user.id, side: "customer" }, "owned");
  const bookings = [...counts].map(([bookingId, unread]) => ({ bookingId, unread }));
  return { total: bookings.reduce((sum, entry) => sum + entry.unread, 0), bookings };
}
