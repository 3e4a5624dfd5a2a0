import { useTranslation } from "../../lib/i18n.ts";
import { statusDotClasses, statusKey } from "./booking-format.ts";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";

// docs/product.md §4 status display: a coloured dot with the status in words (WCAG 1.4.1: colour is never the
// only carrier of the meaning).

export function StatusDot({ status }: { status: string }) {
  const { t } = useTranslation(customerBookingsNamespace);
  const key = statusKey(status);
  return (
    <span className="inline-flex items-center gap-2 text-sm font-semibold text-ink" data-testid="booking-status" data-status={key}>
      <span className={`h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-ink/20 ${statusDotClasses[key]}`} aria-hidden="true" />
      <span>
        <span className="sr-only">{t("statusLabel")}: </span>
        {t(`status.${key}`)}
      </span>
    </span>
  );
}
