import { sql, type Kysely, type Transaction } from "kysely";
import type { MessageAuthor, ThreadMessage } from "../../shared/booking-messages.ts";
import type { BookingAccessRow } from "../access/booking-access.ts";
import { acceptedOperativeAccess } from "../booking-lifecycle/state-machine.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { cancelJobsByReference } from "../jobs/queue.ts";

// The message thread of a booking (docs/product.md §12): its rows, read markers and summaries.
// Outside the features because several read it (features never import each other): the thread's
// own routes, the operator queue (unread counts, "waiting for us"), the notification job, and the
// account's export and deletion.

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Whose side reads: the customer (owner) in the dashboard, or staff in the console. */
export type ThreadSide = "customer" | "staff";

const otherSide = (side: ThreadSide): ThreadSide => (side === "customer" ? "staff" : "customer");

/** The jobs key of a booking's pending notification to one side (ADR 184). */
export const threadNotificationReference = (bookingId: string, audience: ThreadSide) => `thread:${bookingId}:${audience}`;

/** The booking as the access policy reads it, with the accepted operatives (ADR 164, 185); undefined when it does not exist. */
export async function threadAccessRow(
  executor: Executor,
  bookingId: string,
): Promise<(BookingAccessRow & { id: string; language: string; start_date: string; end_date: string }) | undefined> {
  const booking = await executor
    .selectFrom("bookings")
    .select(["id", "user_id", "end_time", "language", "start_date", "end_date"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return undefined;
  return { ...booking, operative_assignments: await acceptedOperativeAccess(executor as Kysely<DatabaseSchema>, bookingId) };
}

type MessageRow = {
  id: number | string;
  author_role: string;
  author_name: string | null;
  kind: string;
  body: string | null;
  created_at: string;
};

export function toThreadMessage(row: MessageRow, viewer: ThreadSide): ThreadMessage {
  const author: MessageAuthor = row.author_role === "customer" || row.author_role === "staff" ? row.author_role : "system";
  return {
    id: Number(row.id),
    author,
    authorName: author === "staff" ? row.author_name : null,
    kind: row.kind === "account_deleted" ? "account_deleted" : "text",
    text: row.body,
    createdAt: row.created_at,
    own: author === viewer,
  };
}

/** A booking's messages, oldest first (the newest at the bottom). */
export async function messagesOf(executor: Executor, bookingId: string): Promise<MessageRow[]> {
  return executor
    .selectFrom("booking_messages")
    .select(["id", "author_role", "author_name", "kind", "body", "created_at"])
    .where("booking_id", "=", bookingId)
    .orderBy("id", "asc")
    .execute();
}

/** Writes a message and the thread's summary: a customer message waits for us until staff answer. */
export async function insertMessage(
  executor: Executor,
  message: {
    bookingId: string;
    author: MessageAuthor;
    authorUserId: string | null;
    authorName: string | null;
    kind: string;
    body: string | null;
  },
  now: string,
): Promise<MessageRow> {
  const row = await executor
    .insertInto("booking_messages")
    .values({
      booking_id: message.bookingId,
      author_role: message.author,
      author_user_id: message.authorUserId,
      author_name: message.authorName,
      kind: message.kind,
      body: message.body,
      created_at: now,
    })
    .returning(["id", "author_role", "author_name", "kind", "body", "created_at"])
    .executeTakeFirstOrThrow();
  const waitingSince = message.author === "customer" ? now : null;
  await executor
    .insertInto("booking_threads")
    .values({ booking_id: message.bookingId, customer_waiting_since: waitingSince, last_message_at: now })
    .onConflict((conflict) =>
      conflict.column("booking_id").doUpdateSet({
        // The first unanswered customer message sets the clock; more of them keep it; a staff reply stops it.
        customer_waiting_since:
          message.author === "customer" ? sql<string>`coalesce(booking_threads.customer_waiting_since, ${now})` : sql<null>`null`,
        last_message_at: now,
      }),
    )
    .execute();
  return row;
}

/** Read receipts: the reader has seen every message up to `lastSeenId` (never moves back). */
export async function markRead(executor: Executor, bookingId: string, userId: string, lastSeenId: number, now: string): Promise<void> {
  await executor
    .insertInto("booking_message_reads")
    .values({ booking_id: bookingId, user_id: userId, last_read_id: lastSeenId, read_at: now })
    .onConflict((conflict) =>
      conflict.columns(["booking_id", "user_id"]).doUpdateSet({
        last_read_id: sql<number>`case when booking_message_reads.last_read_id > ${lastSeenId} then booking_message_reads.last_read_id else ${lastSeenId} end`,
        read_at: now,
      }),
    )
    .execute();
}

/**
 * Messages from the other side that the reader has not seen, per booking. `bookings` narrows the
 * bookings counted: a list of ids, or "owned" for every booking the reader owns (the customer's menu).
 */
export async function unreadCounts(
  executor: Executor,
  reader: { userId: string; side: ThreadSide },
  bookings: readonly string[] | "owned",
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (bookings !== "owned" && bookings.length === 0) return counts;
  let query = executor
    .selectFrom("booking_messages")
    .leftJoin("booking_message_reads", (join) =>
      join
        .onRef("booking_message_reads.booking_id", "=", "booking_messages.booking_id")
        .on("booking_message_reads.user_id", "=", reader.userId),
    )
    .select(["booking_messages.booking_id", (eb) => eb.fn.countAll().as("unread")])
    .where("booking_messages.author_role", "=", otherSide(reader.side))
    .where((eb) => eb("booking_messages.id", ">", eb.fn.coalesce("booking_message_reads.last_read_id", sql<number>`0`)));
  query =
    bookings === "owned"
      ? query.where("booking_messages.booking_id", "in", (eb) =>
          eb.selectFrom("bookings").select("bookings.id").where("bookings.user_id", "=", reader.userId),
        )
      : query.where("booking_messages.booking_id", "in", [...bookings]);
  const rows = await query.groupBy("booking_messages.booking_id").execute();
  for (const row of rows) counts.set(row.booking_id, Number(row.unread));
  return counts;
}

/** Since when each booking's customer waits for an answer (absent: nothing waits), for the queue. */
export async function waitingSince(executor: Executor, bookingIds: readonly string[]): Promise<Map<string, string>> {
  const waiting = new Map<string, string>();
  if (bookingIds.length === 0) return waiting;
  const rows = await executor
    .selectFrom("booking_threads")
    .select(["booking_id", "customer_waiting_since"])
    .where("booking_id", "in", [...bookingIds])
    .where("customer_waiting_since", "is not", null)
    .execute();
  for (const row of rows) if (row.customer_waiting_since) waiting.set(row.booking_id, row.customer_waiting_since);
  return waiting;
}

/** GDPR Art. 15/20: the messages of every booking the customer owns, oldest first, for the data export. */
export async function messagesForExport(executor: Executor, userId: string) {
  const rows = await executor
    .selectFrom("booking_messages")
    .innerJoin("bookings", "bookings.id", "booking_messages.booking_id")
    .select([
      "booking_messages.booking_id",
      "booking_messages.author_role",
      "booking_messages.author_name",
      "booking_messages.body",
      "booking_messages.created_at",
    ])
    .where("bookings.user_id", "=", userId)
    .where("booking_messages.kind", "=", "text")
    .orderBy("booking_messages.booking_id")
    .orderBy("booking_messages.id")
    .execute();
  return rows.map((row) => ({
    bookingId: row.booking_id,
    from: row.author_role === "customer" ? "you" : "Nordic Shield",
    authorName: row.author_role === "customer" ? null : row.author_name,
    text: row.body,
    sentAt: row.created_at,
  }));
}

/**
 * ADR 186: the customer deleted their account. The threads of their bookings are part of their
 * data and go (both sides' messages, the read markers, pending notifications); each booking that
 * had a thread keeps one note from the system, so staff see why the conversation is gone. Call it
 * in the deletion's transaction, before the bookings lose their owner.
 */
export async function forgetThreadsOfCustomer(trx: Transaction<DatabaseSchema>, userId: string, now: string): Promise<number> {
  const threads = await trx
    .selectFrom("booking_threads")
    .innerJoin("bookings", "bookings.id", "booking_threads.booking_id")
    .select("booking_threads.booking_id")
    .where("bookings.user_id", "=", userId)
    .execute();
  const ids = threads.map((row) => row.booking_id);
  if (ids.length === 0) return 0;
  await trx.deleteFrom("booking_messages").where("booking_id", "in", ids).execute();
  await trx.deleteFrom("booking_message_reads").where("booking_id", "in", ids).execute();
  for (const bookingId of ids) {
    await insertMessage(
      trx,
      { bookingId, author: "system", authorUserId: null, authorName: null, kind: "account_deleted", body: null },
      now,
    );
    for (const audience of ["customer", "staff"] as const)
      await cancelJobsByReference(trx, threadNotificationReference(bookingId, audience));
  }
  // Nothing waits for an answer from a customer who is gone.
  await trx.updateTable("booking_threads").set({ customer_waiting_since: null }).where("booking_id", "in", ids).execute();
  return ids.length;
}
