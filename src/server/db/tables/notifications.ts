import type { ColumnType } from "kysely";

// Row types of migration 0040 (ADR 265–268). Times are UTC ISO-8601 text; data is JSON text.

type Flag = ColumnType<number, number | undefined, number>;

/** One event that tells one person something (ADR 265). */
export type NotificationsTable = {
  id: string;
  kind: string;
  /** "urgent" kinds ignore quiet hours and go out on every channel the person has. */
  urgency: string;
  user_id: string | null;
  booking_id: string | null;
  language: string;
  data: string;
  created_at: string;
};

/** One notification on one channel; its id is the id of the job that delivers it. */
export type NotificationDeliveriesTable = {
  id: string;
  notification_id: string;
  channel: string;
  status: string;
  /** The address it went to (e-mail, E.164 phone, push endpoint's origin). */
  address: string | null;
  /** The SMS provider's message id, the push service's location, the mail job's id. */
  provider_id: string | null;
  /** What the other end answered (SMTP reply, push status, SMS delivery report). */
  result: string | null;
  created_at: string;
  handed_off_at: string | null;
  delivered_at: string | null;
};

/** A browser's push subscription (RFC 8030, 8291), one per device (ADR 266). */
export type PushSubscriptionsTable = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
  created_at: string;
};

/** The channels a person chose for one kind (ADR 267); absent, the role's defaults hold. */
export type NotificationChannelChoicesTable = {
  user_id: string;
  kind: string;
  email: Flag;
  sms: Flag;
  push: Flag;
};

/** ADR 268, 269 (migration 0040): a discreet booking, its own SMS sender, and the phrase said on arrival. */
export type BookingNotificationColumns = {
  discreet: Flag;
  sms_sender: ColumnType<string | null, string | null | undefined, string | null>;
  arrival_phrase: ColumnType<string | null, string | null | undefined, string | null>;
};

export type NotificationTables = {
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_channel_choices: NotificationChannelChoicesTable;
};
