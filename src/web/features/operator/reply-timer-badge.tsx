import { useEffect, useState } from "react";
import type { QueueBooking } from "../../../shared/operator.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { replyTimer, timerTone } from "./format.ts";
import "./operator-translations.ts";

/** The time now, refreshed every minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * docs/product.md §12: a customer's message waits for our answer under the same 24-hour promise
 * as a request; its timer reads like the request's, named as the message's.
 */
export function MessageTimerBadge({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation("operator");
  const now = useMinuteClock();
  const timer = replyTimer(dueAt, now);
  return (
    <Badge tone={timerTone[timer.state]}>
      <span data-testid="message-timer" data-state={timer.state}>
        {t(timer.state === "overdue" ? "timer.messageOverdue" : "timer.message", { hours: timer.hours, minutes: timer.minutes })}
      </span>
    </Badge>
  );
}

/** How much of the 24-hour reply promise is left on a pending booking; refreshed every minute. */
export function ReplyTimerBadge({ booking }: { booking: Pick<QueueBooking, "status" | "replyDueAt"> }) {
  const { t } = useTranslation("operator");
  const now = useMinuteClock();
  if (booking.status !== "pending") return <Badge tone="muted">{t("timer.replied")}</Badge>;
  const timer = replyTimer(booking.replyDueAt, now);
  return (
    <Badge tone={timerTone[timer.state]}>
      <span data-testid="reply-timer" data-state={timer.state}>
        {t(timer.state === "overdue" ? "timer.overdue" : "timer.left", { hours: timer.hours, minutes: timer.minutes })}
      </span>
    </Badge>
  );
}
