import type { Kysely } from "kysely";

// ADR 265: one notification per event that tells a person something, delivered once per channel
// the person chose. `notification_deliveries` holds one row per notification and channel (a unique
// pair) whose id is also the id of the job that delivers it, so neither can exist twice. ADR 266:
// one web push subscription per device. ADR 267: per kind, the channels a person chose, and the
// quiet hours (Europe/Stockholm minutes after midnight) on the profile. ADR 268: a booking may be
// discreet, with its own SMS sender, and carries the phrase the lead says on arrival.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("urgency", "text", (column) => column.notNull())
    .addColumn("user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("booking_id", "text")
    .addColumn("language", "text", (column) => column.notNull())
    // The kind's data as JSON (names records and the few words the message shows).
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("notifications_booking").on("notifications").column("booking_id").execute();

  await db.schema
    .createTable("notification_deliveries")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("notification_id", "text", (column) => column.notNull().references("notifications.id").onDelete("cascade"))
    .addColumn("channel", "text", (column) => column.notNull())
    // queued → handed_off (mail to the outbox, SMS to the provider, push to the push service) →
    // delivered (the SMS provider's report, the SMTP server's acceptance); failed; skipped.
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("address", "text")
    .addColumn("provider_id", "text")
    .addColumn("result", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("handed_off_at", "text")
    .addColumn("delivered_at", "text")
    .addUniqueConstraint("notification_deliveries_once", ["notification_id", "channel"])
    .execute();
  await db.schema.createIndex("notification_deliveries_provider").on("notification_deliveries").column("provider_id").execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (column) => column.notNull().unique())
    .addColumn("p256dh", "text", (column) => column.notNull())
    .addColumn("auth", "text", (column) => column.notNull())
    .addColumn("device", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();

  await db.schema
    .createTable("notification_channel_choices")
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("email", "integer", (column) => column.notNull())
    .addColumn("sms", "integer", (column) => column.notNull())
    .addColumn("push", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("notification_channel_choices_pk", ["user_id", "kind"])
    .execute();

  await db.schema.alterTable("profiles").addColumn("quiet_hours_start", "integer").execute();
  await db.schema.alterTable("profiles").addColumn("quiet_hours_end", "integer").execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("discreet", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("bookings").addColumn("sms_sender", "text").execute();
  await db.schema.alterTable("bookings").addColumn("arrival_phrase", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["arrival_phrase", "sms_sender", "discreet"]) await db.schema.alterTable("bookings").dropColumn(column).execute();
  for (const column of ["quiet_hours_end", "quiet_hours_start"]) await db.schema.alterTable("profiles").dropColumn(column).execute();
  await db.schema.dropTable("notification_channel_choices").execute();
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema.dropTable("notification_deliveries").execute();
  await db.schema.dropTable("notifications").execute();
}
