import { PostgresAdapter, type Kysely } from "kysely";

// docs/product.md §12 (the message thread of a booking). One row per message, with a monotonic id
// so "unread" is "after the last id the reader saw" (a timestamp would tie within a millisecond);
// one read marker per reader and booking; one summary row per booking that has a thread, which
// keeps "waiting for us" (the first customer message not yet answered) for the operator queue's
// filter and reply timer without reading the messages of every booking (ADR 184, 186).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("booking_messages")
    .addColumn("id", isPostgres ? "bigserial" : "integer", (column) =>
      isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    // "customer", "staff" or "system" (the note that the customer deleted their account, ADR 186).
    .addColumn("author_role", "text", (column) => column.notNull())
    .addColumn("author_user_id", "text")
    // Staff replies carry the author's first name only, as it was when they wrote (docs/product.md §12).
    .addColumn("author_name", "text")
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("body", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("booking_messages_booking").on("booking_messages").columns(["booking_id", "id"]).execute();

  await db.schema
    .createTable("booking_message_reads")
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_read_id", "bigint", (column) => column.notNull())
    .addColumn("read_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("booking_message_reads_pk", ["booking_id", "user_id"])
    .execute();
  await db.schema.createIndex("booking_message_reads_user").on("booking_message_reads").column("user_id").execute();

  await db.schema
    .createTable("booking_threads")
    .addColumn("booking_id", "text", (column) => column.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("customer_waiting_since", "text")
    .addColumn("last_message_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("booking_threads_waiting").on("booking_threads").column("customer_waiting_since").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("booking_threads").execute();
  await db.schema.dropTable("booking_message_reads").execute();
  await db.schema.dropTable("booking_messages").execute();
}
