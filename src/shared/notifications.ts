import { z } from "zod";
import type { Role } from "./roles.ts";

// ADR 265, 267: the kinds of notification, the channels a person may choose for each, and the
// defaults of each role. One list, read by the server's notification service, the preferences
// API's validator and the preferences page.

export const notificationKinds = [
  "offer-made",
  "offer-withdrawn",
  "assignment-changed",
  "booking-confirmed",
  "booking-changed",
  "booking-cancelled",
  "booking-reminder",
  "thread-message",
  "team-before-arrival",
  "alarm",
  "check-in-due",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ["email", "sms", "push"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;

/**
 * Urgent kinds go out at once whatever the quiet hours, on every channel the person can be reached
 * on: a withdrawn offer or a cancellation changes what someone does today; the team's details are
 * needed at the door; an alarm nobody has acknowledged, and a lone worker's check-in, cannot wait
 * for the morning (docs/on-duty.md, ADR 297).
 */
export const urgentKinds: ReadonlySet<NotificationKind> = new Set([
  "offer-withdrawn",
  "assignment-changed",
  "booking-cancelled",
  "team-before-arrival",
  "alarm",
  "check-in-due",
]);

/**
 * ADR 297: the kinds that keep someone safe. A person may choose their channels but not none: a
 * choice of none falls back to the role's default (every channel), so an alarm always reaches them.
 */
export const safetyKinds: ReadonlySet<NotificationKind> = new Set(["alarm", "check-in-due"]);

export type NotificationAudience = "customer" | "operative" | "staff";

/** Who receives each kind; the preferences page lists a person's kinds only. */
export const kindsOfAudience: Record<NotificationAudience, readonly NotificationKind[]> = {
  customer: ["booking-confirmed", "booking-changed", "booking-cancelled", "booking-reminder", "team-before-arrival", "thread-message"],
  operative: ["offer-made", "offer-withdrawn", "assignment-changed", "check-in-due"],
  staff: ["thread-message", "alarm"],
};

export function audienceOf(role: Role | string | null | undefined): NotificationAudience {
  if (role === "operative") return "operative";
  if (role === "operator" || role === "admin") return "staff";
  return "customer";
}

const every: ChannelChoice = { email: true, sms: true, push: true };

/** ADR 267: a role's channels for a kind until the person chooses; urgent kinds on every channel. */
export function defaultChannels(audience: NotificationAudience, kind: NotificationKind): ChannelChoice {
  if (urgentKinds.has(kind)) return every;
  if (audience === "operative") return { email: true, sms: kind === "offer-made", push: true };
  if (audience === "staff") return { email: true, sms: false, push: true };
  return { email: true, sms: false, push: kind !== "thread-message" };
}

const minuteOfDay = z.number().int().min(0).max(1439);

export const quietHoursSchema = z.strictObject({ start: minuteOfDay, end: minuteOfDay }).nullable();
export type QuietHours = z.infer<typeof quietHoursSchema>;

const channelChoiceSchema = z.strictObject({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });

/** Per kind, the channels chosen; a kind left out keeps what it had. */
export const channelChoicesSchema = z.partialRecord(z.enum(notificationKinds), channelChoiceSchema);
export type ChannelChoices = Partial<Record<NotificationKind, ChannelChoice>>;

/** A browser's push subscription as PushSubscription.toJSON() gives it (W3C Push API). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/) }),
  device: z.string().trim().max(120).optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
