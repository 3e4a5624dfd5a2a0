import type { OperatorBookingStatus } from "../../../shared/operator.ts";
import type { BadgeTone } from "../../components/ui/badge.tsx";

// Display rules of the console. docs/product.md §2 status colours: confirmed green, pending yellow,
// cancelled red; declined reads like cancelled; a booking under way or done is neutral. The reply promise (24 h) turns amber under 6
// hours left and red once overdue.

export const statusTone: Record<OperatorBookingStatus, BadgeTone> = {
  pending: "warning",
  payment_needed: "warning",
  confirmed: "success",
  in_progress: "success",
  completed: "neutral",
  declined: "danger",
  cancelled_by_customer: "danger",
  cancelled_by_operator: "danger",
  awaiting_company_approval: "warning",
  declined_by_company: "danger",
};

const hourMs = 3_600_000;
export const replyWarningHours = 6;

export type ReplyTimer = { state: "ok" | "soon" | "overdue"; hours: number; minutes: number };

export function replyTimer(replyDueAt: string, now: number): ReplyTimer {
  const left = new Date(replyDueAt).getTime() - now;
  const magnitude = Math.abs(left);
  const hours = Math.floor(magnitude / hourMs);
  const minutes = Math.floor((magnitude % hourMs) / 60_000);
  return { state: left < 0 ? "overdue" : left < replyWarningHours * hourMs ? "soon" : "ok", hours, minutes };
}

export const timerTone: Record<ReplyTimer["state"], BadgeTone> = { ok: "neutral", soon: "warning", overdue: "danger" };

// Money and dates are printed by the shared formatters (src/shared/money.ts, src/shared/time.ts).
