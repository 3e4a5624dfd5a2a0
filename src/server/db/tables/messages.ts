import type { ColumnType } from "kysely";

// Row types of migration 0022 (the booking's message thread, docs/product.md §12).

export type BookingMessagesTable = {
  /** Autoincrement on SQLite, bigserial on PostgreSQL (which pg answers as text: read through Number()). */
  id: ColumnType<number | string, never, never>;
  booking_id: string;
  /** "customer", "staff" or "system". */
  author_role: string;
  author_user_id: string | null;
  /** A staff author's first name as it was when they wrote; null for the customer and the system. */
  author_name: string | null;
  /** "text", or "account_deleted" for the note left when the customer deleted their account (ADR 186). */
  kind: string;
  body: string | null;
  created_at: string;
};

export type BookingMessageReadsTable = {
  booking_id: string;
  user_id: string;
  /** The newest message id the reader has seen. */
  last_read_id: ColumnType<number | string, number, number>;
  read_at: string;
};

export type BookingThreadsTable = {
  booking_id: string;
  /** When the first customer message not yet answered by staff was written; null when answered. */
  customer_waiting_since: string | null;
  last_message_at: string;
};

export type MessageTables = {
  booking_messages: BookingMessagesTable;
  booking_message_reads: BookingMessageReadsTable;
  booking_threads: BookingThreadsTable;
};
