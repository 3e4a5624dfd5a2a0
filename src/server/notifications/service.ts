import { createHash, randomUUID } from "node:crypto";
import { isCancelled } from "../../shared/booking-lifecycle.ts";
import { languages, type Language } from "../../shared/languages.ts";
import {
  audienceOf,
  defaultChannels,
  notificationChannels,
  safetyKinds,
  urgentKinds,
  type ChannelChoice,
  type NotificationChannel,
  type NotificationKind,
} from "../../shared/notifications.ts";
import { afterQuietHours } from "../../shared/time.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { alphanumericSender, type Environment } from "../env.ts";
import { enqueueJob, type Executor } from "../jobs/queue.ts";
import type { JobHandler } from "../jobs/types.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { DeliveryStatus } from "./delivery-records.ts";
import { notificationData, renderNotification, type NotificationData } from "./messages.ts";
import { pushTopic, sendPush } from "./push-channel.ts";
import { createSmsProvider, toE164 } from "./sms-providers.ts";

// ADR 265: the one notification service. An event that tells a person something calls notify()
// in its own transaction: one `notifications` row, and per channel the person chose and can be
// reached on, one `notification_deliveries` row and one job of kind notification-delivery with
// the same id. The pair (notification, channel) is unique and so is the job id, so a channel is
// delivered once whichever process or retry runs it; the job runner's claims and leases (ADR 096)
// let one worker at a time hold it, its backoff retries it. An event that may run twice (a job
// taken over after a crash) names itself with an event key: the notification's id is derived from
// it, and the second notify() finds the first.

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

export type NotifyInput = {
  kind: NotificationKind;
  userId: string;
  bookingId?: string | null;
  data: NotificationData;
  /** What makes this event one: the same key again is the same notification (a retried job). */
  eventKey?: string;
  /** The reader's language when the profile has none (the booking's). */
  language?: Language;
  /**
   * Only these channels: an event whose e-mail is an essential mail of its own (a booking's
   * confirmation or cancellation, the thread's mail) is told here on the other channels only.
   */
  onlyChannels?: readonly NotificationChannel[];
};

type Recipient = {
  email: string;
  role: string | null;
  language: Language;
  phone: string | null;
  emailOn: boolean;
  pushOn: boolean;
  quiet: { start: number; end: number } | null;
};

async function recipientOf(executor: Executor, userId: string, fallbackLanguage: Language | undefined): Promise<Recipient | undefined> {
  const row = await executor
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .leftJoin("operatives", "operatives.user_id", "users.id")
    .select([
      "users.email",
      "users.role",
      "profiles.language",
      "profiles.phone_number",
      "profiles.email_notifications",
      "profiles.push_notifications",
      "profiles.quiet_hours_start",
      "profiles.quiet_hours_end",
      "operatives.phone as operative_phone",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const start = row.quiet_hours_start;
  const end = row.quiet_hours_end;
  return {
    email: row.email,
    role: row.role ?? null,
    language: isLanguage(row.language) ? row.language : (fallbackLanguage ?? "en"),
    // An operative is reached on the phone the operators keep for duty; anyone else on the profile's.
    phone: toE164(row.operative_phone) ?? toE164(row.phone_number),
    emailOn: row.email_notifications === null || Number(row.email_notifications) === 1,
    // docs/product.md §2: "Push Notifications" is the account's switch; each device subscribes on its own.
    pushOn: Number(row.push_notifications ?? 0) === 1,
    quiet: start !== null && start !== undefined && end !== null && end !== undefined ? { start: Number(start), end: Number(end) } : null,
  };
}

/** The channels a person chose for a kind: their own choice, else their role's default (ADR 267). */
export async function chosenChannels(
  executor: Executor,
  userId: string,
  role: string | null,
  kind: NotificationKind,
): Promise<ChannelChoice> {
  const row = await executor
    .selectFrom("notification_channel_choices")
    .select(["email", "sms", "push"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  const chosen = row && { email: Number(row.email) === 1, sms: Number(row.sms) === 1, push: Number(row.push) === 1 };
  if (!chosen || (safetyKinds.has(kind) && !chosen.email && !chosen.sms && !chosen.push)) return defaultChannels(audienceOf(role), kind);
  return chosen;
}

/** A stable id from an event key, in the shape of a UUID, so a repeated event finds its notification. */
function idOfEvent(kind: string, userId: string, eventKey: string): string {
  const hex = createHash("sha256").update(`${kind}\u0000${userId}\u0000${eventKey}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The service as the app holds it (AppServices.notifier): notify() with the app's configuration and clock. */
export type Notifier = { notify: (executor: Executor, input: NotifyInput) => Promise<string | null> };

export type NotifyContext = { env: Pick<Environment, "webPush" | "sms">; clock?: Clock };

/**
 * ADR 265: tells one person of one event on the channels they chose and can be reached on, with
 * the caller's executor (so it commits with the event). Resolves with the notification's id, or
 * null when the person cannot be found or chose no channel that reaches them.
 */
export async function notify(executor: Executor, input: NotifyInput, context: NotifyContext): Promise<string | null> {
  const clock = context.clock ?? systemClock;
  const now = clock.now();
  const recipient = await recipientOf(executor, input.userId, input.language);
  if (!recipient) return null;
  const urgent = urgentKinds.has(input.kind);
  const chosen = await chosenChannels(executor, input.userId, recipient.role, input.kind);
  const subscriptions = chosen.push && recipient.pushOn && context.env.webPush ? await countSubscriptions(executor, input.userId) : 0;
  const reachable: Record<NotificationChannel, string | null> = {
    // docs/product.md §2: e-mail off stops every notification that is not urgent.
    email: chosen.email && (urgent || recipient.emailOn) ? recipient.email : null,
    sms: chosen.sms && context.env.sms.provider !== "none" ? recipient.phone : null,
    push: subscriptions > 0 ? `${subscriptions} device(s)` : null,
  };
  const channels = notificationChannels.filter(
    (channel) => reachable[channel] !== null && (!input.onlyChannels || input.onlyChannels.includes(channel)),
  );
  if (channels.length === 0) return null;

  const id = input.eventKey ? idOfEvent(input.kind, input.userId, input.eventKey) : randomUUID();
  const inserted = await executor
    .insertInto("notifications")
    .values({
      id,
      kind: input.kind,
      urgency: urgent ? "urgent" : "normal",
      user_id: input.userId,
      booking_id: input.bookingId ?? null,
      language: recipient.language,
      data: JSON.stringify(notificationData.parse(input.data)),
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  // The same event told before: its deliveries exist already.
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return id;

  // ADR 267: quiet hours hold what is not urgent until they end, on the Stockholm wall clock.
  const runAt = urgent ? now : afterQuietHours(now, recipient.quiet);
  for (const channel of channels) {
    const deliveryId = randomUUID();
    await executor
      .insertInto("notification_deliveries")
      .values({
        id: deliveryId,
        notification_id: id,
        channel,
        status: "queued",
        address: channel === "push" ? null : reachable[channel],
        provider_id: null,
        result: null,
        created_at: now.toISOString(),
        handed_off_at: null,
        delivered_at: null,
      })
      .execute();
    await enqueueJob(
      executor,
      {
        id: deliveryId,
        kind: "notification-delivery",
        payload: { deliveryId },
        runAt,
        lane: urgent ? "urgent" : "general",
        referenceKey: `notification:${id}`,
      },
      clock,
    );
  }
  return id;
}

async function countSubscriptions(executor: Executor, userId: string): Promise<number> {
  const row = await executor
    .selectFrom("push_subscriptions")
    .select((select) => select.fn.countAll().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a booking's notification still has a point: a cancelled booking is reminded of nothing. */
function stillRelevant(kind: NotificationKind, status: string | undefined): boolean {
  // An alarm stays an alarm whatever became of its booking meanwhile (ADR 286).
  if (kind === "alarm") return true;
  if (status === undefined) return kind === "booking-cancelled" || kind === "offer-withdrawn";
  if (kind === "booking-cancelled" || kind === "offer-withdrawn") return true;
  return !isCancelled(status as never) && status !== "declined";
}

/** ADR 268: the SMS sender of a notification: the booking's own, a neutral one when discreet, else the firm's. */
export function smsSenderOf(firmSender: string, booking: { discreet: boolean; smsSender: string | null } | null): string {
  if (booking?.smsSender && alphanumericSender.test(booking.smsSender)) return booking.smsSender;
  return booking?.discreet ? "Info" : firmSender;
}

export function createNotificationJobHandlers(
  deps: AppDependencies,
  clock: Clock = systemClock,
): Record<"notification-delivery", JobHandler> {
  const db = deps.database.db;
  const { env } = deps;
  const log = deps.logger.child({ component: "notifications" });
  const sms = createSmsProvider(env);

  const record = (deliveryId: string, status: DeliveryStatus, fields: { providerId?: string; result?: string; handedOff?: boolean } = {}) =>
    db
      .updateTable("notification_deliveries")
      .set({
        status,
        ...(fields.providerId !== undefined && { provider_id: fields.providerId }),
        ...(fields.result !== undefined && { result: fields.result.slice(0, 500) }),
        ...(fields.handedOff && { handed_off_at: clock.now().toISOString() }),
      })
      .where("id", "=", deliveryId)
      .execute();

  return {
    "notification-delivery": {
      async run(_job, parsed) {
        const { deliveryId } = parsed as { deliveryId: string };
        const delivery = await db
          .selectFrom("notification_deliveries")
          .innerJoin("notifications", "notifications.id", "notification_deliveries.notification_id")
          .select([
            "notification_deliveries.channel",
            "notification_deliveries.status",
            "notification_deliveries.address",
            "notifications.id as notification_id",
            "notifications.kind",
            "notifications.user_id",
            "notifications.booking_id",
            "notifications.language",
            "notifications.data",
          ])
          .where("notification_deliveries.id", "=", deliveryId)
          .executeTakeFirst();
        // Handed off already (a run that ended before its end was recorded), or gone: nothing to do.
        if (!delivery || delivery.status !== "queued" || !delivery.user_id) return undefined;
        const kind = delivery.kind as NotificationKind;
        const booking = delivery.booking_id
          ? await db
              .selectFrom("bookings")
              .select(["status", "discreet", "sms_sender"])
              .where("id", "=", delivery.booking_id)
              .executeTakeFirst()
          : undefined;
        if (delivery.booking_id && !stillRelevant(kind, booking?.status)) {
          await record(deliveryId, "skipped", { result: `booking ${booking?.status ?? "gone"}` });
          return undefined;
        }
        const user = await db.selectFrom("users").select("role").where("id", "=", delivery.user_id).executeTakeFirst();
        const discreet = Number(booking?.discreet ?? 0) === 1;
        const language = isLanguage(delivery.language) ? delivery.language : "en";
        const message = renderNotification({
          kind,
          audience: audienceOf(user?.role),
          language,
          discreet,
          data: notificationData.parse(JSON.parse(delivery.data)),
          appUrl: env.appUrl,
        });

        if (delivery.channel === "email") {
          // The outbox is the e-mail channel (ADR 032, 095): the mail job sends it with its own
          // Message-ID and retries, and records the SMTP server's answer on this delivery.
          await db.transaction().execute(async (trx) => {
            const mailJobId = await enqueueMail(
              trx,
              {
                kind: "notification",
                to: delivery.address ?? "",
                payload: { language, title: message.title, body: message.body, url: message.url, linkLabel: message.linkLabel, discreet },
              },
              { urgent: urgentKinds.has(kind) },
            );
            await trx
              .updateTable("notification_deliveries")
              .set({ status: "handed_off", provider_id: mailJobId, handed_off_at: clock.now().toISOString() })
              .where("id", "=", deliveryId)
              .execute();
          });
          return undefined;
        }

        if (delivery.channel === "sms") {
          if (!sms || !delivery.address) {
            await record(deliveryId, "skipped", { result: "no SMS provider" });
            return undefined;
          }
          const text = `${message.title}\n${message.body}`;
          const sent = await sms.send({
            from: smsSenderOf(env.sms.sender, booking ? { discreet, smsSender: booking.sms_sender } : null),
            to: delivery.address,
            text,
            reportUrl: `${env.appUrl}/api/notifications/sms-reports/${env.sms.provider === "46elks" ? env.sms.webhookSecret : ""}`,
          });
          await record(deliveryId, "handed_off", { providerId: sent.id, result: sent.status, handedOff: true });
          return undefined;
        }

        // Push: every device of the person; a device the push service no longer knows is removed.
        if (!env.webPush) {
          await record(deliveryId, "skipped", { result: "web push is not configured" });
          return undefined;
        }
        const devices = await db
          .selectFrom("push_subscriptions")
          .select(["id", "endpoint", "p256dh", "auth"])
          .where("user_id", "=", delivery.user_id)
          .execute();
        const topic = pushTopic(kind, delivery.booking_id);
        const results: string[] = [];
        let accepted = 0;
        for (const device of devices) {
          const outcome = await sendPush(env.webPush, device, { ...message, tag: topic, kind }, kind, topic);
          results.push(String(outcome.statusCode));
          if (outcome.status === "gone") {
            await db.deleteFrom("push_subscriptions").where("id", "=", device.id).execute();
            log.info(
              { subscription: device.id, status: outcome.statusCode },
              "push subscription removed: the push service no longer knows it",
            );
          } else accepted += 1;
        }
        await record(deliveryId, accepted > 0 ? "accepted" : "failed", {
          result: `push ${results.join(",") || "no device"}`,
          handedOff: true,
        });
        return undefined;
      },
    },
  };
}
