import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { formatInstant } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { bankCheckAddress, keptBankCheckAttempt } from "../../lib/bank-check.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { invoiceBusinessQuery, paymentConfigQuery, savedCardsQuery, useInvoiceInstead, useSecurePayment } from "./api.ts";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";

// ADR 225: a booking the operator said yes to whose card could not be charged. The customer sees
// the deadline and secures the money: the same card through the bank's check (the simulated bank's
// page, as at booking), or another saved card. The attempt is kept in session storage across the
// trip to the bank, and sent again once on the way back (`?bank=done|abandoned`).

type Attempt = { paymentMethodId: string; attemptId: string };

export function PaymentNeededPanel({ booking }: { booking: CustomerBooking }) {
  const { t, i18n } = useTranslation(customerBookingsNamespace);
  const kept = keptBankCheckAttempt<Attempt>("paymentNeeded", booking.id);
  const language = i18n.language;
  const cards = useQuery(savedCardsQuery);
  const secure = useSecurePayment();
  // ADR 245: an approved company may pay by invoice instead, which confirms the booking; a consumer is not offered it.
  const business = useQuery(invoiceBusinessQuery);
  const config = useQuery(paymentConfigQuery);
  const invoice = useInvoiceInstead(booking.id);
  const invoiceOffered = business.data?.business?.status === "approved";
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const resent = useRef(false);
  const failedCard = booking.payment?.card?.lastFour ?? null;
  const list = cards.data?.paymentMethods ?? [];
  const selected = chosen ?? list.find((card) => card.lastFour === failedCard)?.id ?? list[0]?.id ?? null;
  const due = booking.paymentDueAt;

  function send(attempt: Attempt) {
    kept.keep(attempt);
    setRefused(false);
    secure.mutate(
      { id: booking.id, ...attempt },
      {
        onSuccess: () => {
          kept.forget();
          toast.success(t("paymentNeeded.done"));
        },
        onError: (error) => {
          if (isApiError(error, "payment_requires_action") && error.fields.challengeUrl) {
            window.location.assign(bankCheckAddress(error.fields.challengeUrl, language));
            return;
          }
          kept.forget();
          if (isApiError(error, "payment_declined")) setRefused(true);
        },
      },
    );
  }

  // Back from the bank's page: the same attempt once more finds the check completed or abandoned.
  const bank = searchParams.get("bank");
  useEffect(() => {
    if (!bank || resent.current) return;
    resent.current = true;
    const attempt = kept.read();
    setSearchParams((params) => {
      params.delete("bank");
      return params;
    });
    if (attempt) send(attempt);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from the bank
  }, [bank]);

  return (
    <section
      aria-labelledby="payment-needed-heading"
      className="mt-6 rounded-xl border border-orange-500/60 bg-orange-50 p-4 sm:p-5"
      data-testid="payment-needed"
    >
      <h3 id="payment-needed-heading" className="text-lg font-semibold text-ink">
        {t("paymentNeeded.title")}
      </h3>
      {due === null ? (
        <p className="mt-2 text-sm text-ink">{t("paymentNeeded.charging")}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink">{t("paymentNeeded.body", { amount: formatMoney(booking.totalCents, language) })}</p>
          <p className="mt-2 text-sm font-semibold text-ink" data-testid="payment-deadline">
            {t("paymentNeeded.deadline", { deadline: formatInstant(due, language) })}
          </p>
          {refused && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
              {t("paymentNeeded.refused")}
            </p>
          )}
          {list.length > 0 && (
            // The UI kit's radios, as on the payment step (ADR 028).
            <RadioGroup
              legend={t("paymentNeeded.card")}
              name="payment-needed-card"
              value={selected ?? undefined}
              onValueChange={(value) => setChosen(value)}
              className="mt-4 [&>div]:sm:grid-cols-1"
              options={list.map((card) => ({
                value: card.id,
                label: `${card.brand.toUpperCase()} •••• ${card.lastFour}${card.lastFour === failedCard ? ` · ${t("paymentNeeded.sameCard")}` : ""}`,
              }))}
            />
          )}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button
              disabled={!selected}
              loading={secure.isPending}
              onClick={() => selected && send({ paymentMethodId: selected, attemptId: crypto.randomUUID() })}
            >
              {list.find((card) => card.id === selected)?.lastFour === failedCard ? t("paymentNeeded.check") : t("paymentNeeded.pay")}
            </Button>
            <Link to="/customer-dashboard" className="text-sm underline">
              {t("paymentNeeded.addCard")}
            </Link>
          </div>
          {invoiceOffered && (
            <div className="mt-4 border-t border-orange-500/30 pt-4" data-testid="payment-needed-invoice">
              <p className="text-sm text-ink">{t("paymentNeeded.invoiceNote", { days: config.data?.invoiceDueDays ?? 30 })}</p>
              <Button
                variant="outline"
                className="mt-3"
                loading={invoice.isPending}
                disabled={secure.isPending}
                onClick={() => invoice.mutate(undefined, { onSuccess: () => toast.success(t("paymentNeeded.invoiceDone")) })}
              >
                {t("paymentNeeded.invoice")}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * ADR 264: a booking under way whose off-session charge failed stays in progress (the service goes
 * on); the customer sees that the payment is needed, by when, and that it is settled with us.
 */
export function PaymentNeededUnderWay({ dueAt }: { dueAt: string }) {
  const { t, i18n } = useTranslation(customerBookingsNamespace);
  return (
    <section
      aria-labelledby="payment-needed-heading"
      className="mt-6 rounded-xl border border-orange-500/60 bg-orange-50 p-4 sm:p-5"
      data-testid="payment-needed"
    >
      <h3 id="payment-needed-heading" className="text-lg font-semibold text-ink">
        {t("paymentNeeded.title")}
      </h3>
      <p className="mt-2 text-sm text-ink">{t("paymentNeeded.underWay", { deadline: formatInstant(dueAt, i18n.language) })}</p>
    </section>
  );
}
