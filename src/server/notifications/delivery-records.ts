import type { Executor } from "../jobs/queue.ts";

// ADR 265: what the far end of a channel answered, written on the notification's delivery row.
// Kept apart from the service so the mail worker can record its SMTP answer without importing
// the service that queues mail (ADR 236: no import cycles).

export type DeliveryStatus = "queued" | "handed_off" | "accepted" | "delivered" | "failed" | "skipped";

/** The mail job of a notification's e-mail was accepted by the SMTP server (or kept for the dev mailbox). */
export async function recordMailAccepted(executor: Executor, mailJobId: string, result: string, at: Date): Promise<void> {
  await executor
    .updateTable("notification_deliveries")
    .set({ status: "accepted", result: result.slice(0, 500), delivered_at: at.toISOString() })
    .where("channel", "=", "email")
    .where("provider_id", "=", mailJobId)
    .execute();
}
