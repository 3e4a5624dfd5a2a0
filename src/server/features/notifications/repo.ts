import { randomUUID } from "node:crypto";
import type { PushSubscriptionInput } from "../../../shared/notifications.ts";
import type { Executor } from "../../jobs/queue.ts";

// ADR 266: the push subscriptions of the signed-in person, one per device; ADR 265: the SMS
// provider's delivery reports written on the delivery they are about.

/**
 * Stores a device's subscription for this person. A browser keeps one subscription per origin, so
 * the same endpoint again (another person signed in on the device) now belongs to this person.
 */
export async function saveOwnPushSubscription(
  executor: Executor,
  userId: string,
  input: PushSubscriptionInput,
  now: Date,
): Promise<string> {
  await executor.deleteFrom("push_subscriptions").where("endpoint", "=", input.endpoint).execute();
  const id = randomUUID();
  await executor
    .insertInto("push_subscriptions")
    .values({
      id,
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device: input.device ?? null,
      created_at: now.toISOString(),
    })
    .execute();
  // docs/product.md §2: allowing notifications on a device turns the account's push switch on.
  await executor.updateTable("profiles").set({ push_notifications: 1 }).where("id", "=", userId).execute();
  return id;
}

export async function deleteOwnPushSubscription(executor: Executor, userId: string, endpoint: string): Promise<boolean> {
  const result = await executor
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listOwnPushSubscriptions(executor: Executor, userId: string) {
  return executor
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "device", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/** 46elks' report: `delivered` or `failed`, with the time it was delivered. Resolves with how many rows it matched. */
export async function recordSmsReport(
  executor: Executor,
  report: { id: string; status: string; delivered?: string | undefined },
  now: Date,
): Promise<number> {
  const delivered = report.status === "delivered";
  const result = await executor
    .updateTable("notification_deliveries")
    .set({
      status: delivered ? "delivered" : "failed",
      result: `46elks ${report.status}`.slice(0, 500),
      delivered_at: delivered ? (report.delivered ?? now.toISOString()) : null,
    })
    .where("channel", "=", "sms")
    .where("provider_id", "=", report.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function ownBookingStart(executor: Executor, userId: string, bookingId: string) {
  return executor
    .selectFrom("bookings")
    .select(["id", "status", "start_time", "start_date", "end_date", "start_clock", "end_clock"])
    .where("id", "=", bookingId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}
