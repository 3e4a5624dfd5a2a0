import { createHash } from "node:crypto";
import webPush, { type Urgency } from "web-push";
import type { NotificationKind } from "../../shared/notifications.ts";
import type { Environment } from "../env.ts";

// ADR 266: the web push channel with the `web-push` library: the payload encrypted for the
// subscription (RFC 8291, aes128gcm), the request signed with the server's VAPID key (RFC 8292),
// and RFC 8030's TTL, Urgency and Topic headers chosen per kind. A push service that answers
// 404 or 410 says the subscription is gone for good (RFC 8030 §7.3): the caller removes it.

type PushSettings = { ttlSeconds: number; urgency: Urgency; topicGroup: string };

/**
 * Per kind: how long a push service keeps a message for an offline device, how urgently it wakes
 * it, and the group whose newer message replaces an older one of the same booking (RFC 8030 §5.4):
 * a booking's status, its arrival, an offer.
 */
export const pushSettings: Record<NotificationKind, PushSettings> = {
  "offer-made": { ttlSeconds: 6 * 3600, urgency: "high", topicGroup: "offer" },
  "offer-withdrawn": { ttlSeconds: 6 * 3600, urgency: "high", topicGroup: "offer" },
  "assignment-changed": { ttlSeconds: 12 * 3600, urgency: "high", topicGroup: "offer" },
  "booking-confirmed": { ttlSeconds: 24 * 3600, urgency: "normal", topicGroup: "status" },
  "booking-changed": { ttlSeconds: 24 * 3600, urgency: "normal", topicGroup: "status" },
  "booking-cancelled": { ttlSeconds: 24 * 3600, urgency: "high", topicGroup: "status" },
  "booking-reminder": { ttlSeconds: 2 * 3600, urgency: "normal", topicGroup: "arrival" },
  "thread-message": { ttlSeconds: 24 * 3600, urgency: "low", topicGroup: "thread" },
  "team-before-arrival": { ttlSeconds: 3600, urgency: "high", topicGroup: "arrival" },
  // An alarm's next step replaces the step before on the device; a check-in due is stale within the hour.
  alarm: { ttlSeconds: 3600, urgency: "high", topicGroup: "alarm" },
  "check-in-due": { ttlSeconds: 1800, urgency: "high", topicGroup: "check-in" },
};

/**
 * RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. A digest of the
 * group and the booking keeps it that long and says nothing of either to the push service.
 */
export function pushTopic(kind: NotificationKind, bookingId: string | null): string {
  return createHash("sha256")
    .update(`${pushSettings[kind].topicGroup}:${bookingId ?? ""}`)
    .digest("base64url")
    .slice(0, 32);
}

export type PushPayload = { title: string; body: string; url: string; tag: string; kind: NotificationKind };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome = { status: "accepted"; statusCode: number; location?: string } | { status: "gone"; statusCode: number };

/**
 * Sends one push message. web-push builds the request (the aes128gcm body, the VAPID Authorization
 * header, TTL, Urgency, Topic); it is sent with fetch, which speaks HTTP as well as HTTPS, so a
 * test's own push service on loopback receives exactly what a browser vendor's would.
 */
export async function sendPush(
  vapid: NonNullable<Environment["webPush"]>,
  target: PushTarget,
  payload: PushPayload,
  kind: NotificationKind,
  topic: string,
): Promise<PushOutcome> {
  const settings = pushSettings[kind];
  const request = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: settings.ttlSeconds,
      urgency: settings.urgency,
      topic,
      contentEncoding: "aes128gcm",
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = await response.text();
  if (response.status === 404 || response.status === 410) return { status: "gone", statusCode: response.status };
  if (!response.ok) throw new Error(`The push service answered ${response.status}: ${answer.slice(0, 200)}`);
  const location = response.headers.get("location");
  return { status: "accepted", statusCode: response.status, ...(location && { location }) };
}
