import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../../db/schema.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { OnDutyNotice } from "../../mail/templates/on-duty-notices.ts";

// ADR 286: the one seam every urgent notice of on duty leaves through (an escalation step, a
// check-in reminder). Today it queues an urgent mail in the caller's transaction (the urgent lane,
// ADR 036), so the notice commits with the step that sends it and is sent once. When the
// notification service (web push and SMS) is part of the product, this function routes the same
// message through it; its callers do not change (docs/on-duty.md, "Notifications").

export type UrgentRecipient = { email: string; language: "en" | "sv" };

export async function notifyUrgently(executor: Kysely<DatabaseSchema>, recipient: UrgentRecipient, message: OnDutyNotice): Promise<void> {
  await enqueueMail(executor, { kind: "on-duty-notice", to: recipient.email, payload: { ...message, language: recipient.language } });
}
