import type { CatalogueService, ServiceOptions } from "../../../shared/booking.ts";
import { Button } from "../../components/ui/button.tsx";
import { isTranslationKey, useTranslation, type TFunction } from "../../lib/i18n.ts";
import { bookingNamespace } from "./booking-copy.ts";
import type { PricedLine } from "./booking-state.ts";
import { formatMoney } from "../../../shared/money.ts";
import { PaymentMethods } from "./payment-methods.tsx";
import type { PriceNote } from "../../../shared/buyer-vat.ts";

// docs/product.md §2: the selected-services summary card (title, description, price per day in euros and
// options), the payment-methods image, 'TOTAL {amount}' with 'incl. VAT' (or a company's 'excl. VAT', ADR 246), the refund note and Book now.

/** The options of a line in words, e.g. 'Day & Night · 1 guard · 3 days'. */
export function describeOptions(options: ServiceOptions, t: TFunction<"booking">): string {
  const label = (key: string) => {
    // Option values come from the catalogue (data): a value without wording is shown as it is.
    const full = `options.${key}`;
    return isTranslationKey(bookingNamespace, full) ? t(full, { ns: bookingNamespace }) : key;
  };
  return [
    options.timeOfDay && label(options.timeOfDay),
    options.duration && label(options.duration),
    t("options.guardsValue", { ns: bookingNamespace, count: options.guards }),
    options.style && label(options.style),
    options.car && label(options.car),
    options.car === "with_car" && options.carClass && label(options.carClass),
    t("options.daysValue", { ns: bookingNamespace, count: options.days }),
  ]
    .filter(Boolean)
    .join(" · ");
}

export type BookingSummaryProps = {
  lines: PricedLine[];
  days: number;
  total: number;
  /** ADR 246: the VAT words of the buyer's prices (src/shared/buyer-vat.ts `priceNoteOf`). */
  priceNote: PriceNote;
  refund: "fully_refundable" | "non_refundable" | null;
  submitting: boolean;
  onBookNow(): void;
};

function SummaryLineText({ service, perDay }: { service: CatalogueService; perDay: string }) {
  const text = service;
  return (
    <>
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold text-ink">{text.title}</p>
        <p className="shrink-0 text-sm font-semibold text-ink tabular-nums">{perDay}</p>
      </div>
      <p className="mt-0.5 line-clamp-2 text-xs leading-relaxed text-stone">{text.description}</p>
    </>
  );
}

export function BookingSummary({ lines, days, total, priceNote, refund, submitting, onBookNow }: BookingSummaryProps) {
  const { t, i18n } = useTranslation(bookingNamespace);
  const language = i18n.language;

  return (
    <section
      aria-labelledby="booking-summary-title"
      className="rounded-xl border border-ink-line/15 bg-white shadow-sm"
      data-testid="booking-summary"
    >
      <div className="p-5 sm:p-6">
        <h2 id="booking-summary-title" className="text-xl text-ink">
          {t("summary.title")}
        </h2>
        {lines.length === 0 ? (
          <p className="mt-3 text-sm text-stone">{t("summary.empty")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-line/10">
            {lines.map((line) => (
              <li key={line.service.id} className="py-3 first:pt-0 last:pb-0" data-testid={`summary-${line.service.slug}`}>
                <SummaryLineText service={line.service} perDay={t("summary.perDay", { price: formatMoney(line.dailyCents, language) })} />
                <p className="mt-1 text-xs font-medium text-ink">{describeOptions(line.options, t)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-ink-line/10 px-5 py-4 sm:px-6">
        <PaymentMethods />
      </div>
      <div className="rounded-b-xl bg-ink p-5 text-paper sm:p-6">
        <div aria-live="polite" aria-atomic="true">
          <p className="font-display text-3xl tracking-tight text-paper tabular-nums" data-testid="booking-total">
            {t("total.amount", { amount: formatMoney(total, language) })}
          </p>
          <p className="mt-1 text-sm text-mist">
            {t("total.forDays", { count: days })} · <span data-testid="booking-total-vat">{t(`priceVat.note.${priceNote}`)}</span>
          </p>
        </div>
        {refund && (
          <p
            className={`mt-3 inline-flex items-center gap-2 text-sm font-semibold ${refund === "fully_refundable" ? "text-gold-strong" : "text-mist"}`}
            data-testid="refund-note"
          >
            <span aria-hidden="true">{refund === "fully_refundable" ? "✓" : "•"}</span>
            {refund === "fully_refundable" ? t("total.fullyRefundable") : t("total.nonRefundable")}
          </p>
        )}
        {refund === "fully_refundable" && <p className="mt-1 text-xs text-mist">{t("total.refundHint")}</p>}
        <Button className="mt-5 w-full" onClick={onBookNow} loading={submitting} data-testid="book-now">
          {submitting ? t("total.booking") : t("total.bookNow")}
        </Button>
        <p className="mt-3 text-xs text-mist">{t("total.confirmNote")}</p>
      </div>
    </section>
  );
}
