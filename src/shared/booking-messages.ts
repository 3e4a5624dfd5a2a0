import { z } from "zod";
import { multiLinePattern } from "./text.ts";

// docs/product.md §12: the message thread of a booking, between the customer and the operators.
// One schema for the form and the API; the limits are the product's (docs/product.md §9).

/** The longest message, in characters (docs/product.md §9). */
export const messageMaxLength = 4000;

/** ADR 184: the mail about new messages waits this long after the first unread one, so a burst makes one mail. */
export const threadNotificationDelayMinutes = 5;

export const threadMessageSchema = z.object({
  text: z
    .string("validation.threadMessageRequired")
    .trim()
    .min(1, "validation.threadMessageRequired")
    .max(messageMaxLength, "validation.threadMessageLong")
    .regex(multiLinePattern, "validation.unsupportedCharacters"),
});
export type ThreadMessageInput = z.input<typeof threadMessageSchema>;

/** POST …/messages/read: the newest message the reader has on screen. */
export const threadReadSchema = z.object({ lastSeenId: z.number().int().nonnegative() });

/** Who wrote a message: the customer, a member of staff (first name only), or the product itself. */
export type MessageAuthor = "customer" | "staff" | "system";

export type ThreadMessage = {
  id: number;
  author: MessageAuthor;
  /** A staff author's first name; null for the customer and the system. */
  authorName: string | null;
  /** "text", or "account_deleted": the customer deleted their account and the thread with it (ADR 186). */
  kind: "text" | "account_deleted";
  /** Null for the system's note. */
  text: string | null;
  createdAt: string;
  /** Whether the viewer's side wrote it (their own messages sit on the right). */
  own: boolean;
};

export type BookingThread = {
  bookingId: string;
  /** Oldest first: the newest message is at the bottom. */
  messages: ThreadMessage[];
  /** Messages from the other side the viewer has not seen yet. */
  unread: number;
  /** Whether the viewer may write (not after the customer deleted their account). */
  open: boolean;
};

/** GET /api/bookings/messages/unread: the customer's unread messages, in all and per booking. */
export type UnreadMessages = { total: number; bookings: { bookingId: string; unread: number }[] };
