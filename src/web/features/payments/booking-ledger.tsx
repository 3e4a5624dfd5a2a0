import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { formatInstant } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { operatorRefundFormSchema, type OperatorRefundForm } from "../../../shared/payment-requests.ts";
import { foldPayment, paymentSentence } from "../../../shared/payments.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { Field } from "../../components/ui/field.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation, isTranslationKey, translateData } from "../../lib/i18n.ts";
import { ledgerQuery, useRefund, type BookingLedgerView, type LedgerPayment } from "./api.ts";
import { paymentsNamespace } from "./payments-translations.ts";

// docs/payments.md "Operator" (ADR 190): the booking's ledger in the console — every payment with
// its append-only events (ADR 131), what the customer was charged — and the operator's refund of
// part or all with a reason, confirmed first, sent once (one Idempotency-Key per filled form).
// The credit note each refund issues is listed with the booking's documents below it.

/** What is left to refund: captured − refunded of each captured payment. */
export function refundableCents(ledger: BookingLedgerView): number {
  return ledger.payments
    .map((payment) => foldPayment(payment.events))
    .filter((position) => position.state === "captured")
    .reduce((sum, position) => sum + Math.max(0, position.capturedCents - position.refundedCents), 0);
}

export function BookingLedger({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation(paymentsNamespace);
  const ledger = useQuery(ledgerQuery(bookingId));
  return (
    <section aria-labelledby={`ledger-${bookingId}`} className="mt-8" data-testid="booking-ledger">
      <h2 id={`ledger-${bookingId}`} className="text-xl">
        {t("ledger.heading")}
      </h2>
      <QueryState
        query={ledger}
        loadingLabel={t("ledger.loading")}
        loadingClassName="mt-4 space-y-2"
        loading={
          <>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-24 w-full" />
          </>
        }
        errorTitle={t("ledger.loadFailed")}
        errorClassName="mt-4"
        isEmpty={(data) => data.payments.length === 0}
        empty={<p className="mt-3 text-sm text-stone">{t("ledger.none")}</p>}
      >
        {(data) => (
          <>
            <p className="mt-3 font-semibold" data-testid="ledger-summary">
              {paymentSentence(data.bookingStatus, data.payment, i18n.language)}
            </p>
            <p className="text-sm text-stone" data-testid="ledger-charged">
              {t("ledger.charged", { amount: formatMoney(data.chargedCents, i18n.language) })}
            </p>
            {data.payments.map((payment) => (
              <PaymentEvents key={payment.id} payment={payment} />
            ))}
            <RefundForm bookingId={bookingId} ledger={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function PaymentEvents({ payment }: { payment: LedgerPayment }) {
  const { t, i18n } = useTranslation(paymentsNamespace);
  const language = i18n.language;
  const purpose = translateData(t, paymentsNamespace, `ledger.purposes.${payment.purpose}`, payment.purpose);
  return (
    <div className="mt-4">
      <p className="text-sm">
        <span className="font-semibold">
          {t("ledger.payment", {
            purpose,
            provider: translateData(t, paymentsNamespace, `ledger.providers.${payment.provider}`, payment.provider),
            amount: formatMoney(payment.amountCents, language),
          })}
        </span>
        {payment.card && <span className="text-stone"> · {payment.card}</span>}
        <span className="text-stone"> · {translateData(t, paymentsNamespace, `ledger.states.${payment.state}`, payment.state)}</span>
      </p>
      {payment.holdExpiresAt && payment.state === "authorised" && (
        <p className="text-sm text-stone">{t("ledger.holdExpires", { time: formatInstant(payment.holdExpiresAt, language) })}</p>
      )}
      {payment.events.length === 0 ? (
        <p className="mt-2 text-sm text-stone">{t("ledger.noEvents")}</p>
      ) : (
        <DataTable
          className="mt-2"
          caption={t("ledger.caption", { purpose })}
          captionHidden
          rows={payment.events}
          rowKey={(event) => event.id}
          rowTestId="ledger-event"
          columns={[
            { id: "time", header: t("ledger.time"), cell: (event) => formatInstant(event.createdAt, language) },
            { id: "event", header: t("ledger.event"), cell: (event) => t(`ledger.events.${event.type}`) },
            {
              id: "amount",
              header: t("ledger.amount"),
              className: "whitespace-nowrap",
              cell: (event) => formatMoney(event.type === "refunded" ? -event.amountCents : event.amountCents, language),
            },
            { id: "reason", header: t("ledger.reason"), cell: (event) => event.reason ?? "—" },
            {
              id: "actor",
              header: t("ledger.actor"),
              cell: (event) => translateData(t, paymentsNamespace, `ledger.actors.${event.actorRole}`, event.actorRole),
            },
          ]}
        />
      )}
    </div>
  );
}

const emptyRefund: OperatorRefundForm = { amount: "", reason: "" };

function RefundForm({ bookingId, ledger }: { bookingId: string; ledger: BookingLedgerView }) {
  const { t, i18n } = useTranslation(paymentsNamespace);
  const language = i18n.language;
  const available = refundableCents(ledger);
  const refund = useRefund(bookingId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<{ amountCents: number; reason: string } | null>(null);
  const form = useForm<OperatorRefundForm, unknown, { amountCents: number; reason: string }>({
    resolver: zodResolver(operatorRefundFormSchema),
    defaultValues: emptyRefund,
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const message = (text: string | undefined) => (text && isTranslationKey(paymentsNamespace, text) ? t(text) : text);

  const submit = form.handleSubmit((values) => {
    if (values.amountCents > available) {
      form.setError("amount", { message: "refund.amountTooLarge" });
      return;
    }
    setConfirming(values);
  });

  async function send(values: { amountCents: number; reason: string }) {
    setConfirming(null);
    try {
      await refund.mutateAsync({ ...values, key });
      toast.success(t("refund.queued", { amount: formatMoney(values.amountCents, language) }));
      form.reset(emptyRefund);
      // The next refund is another request with a key of its own.
      setKey(crypto.randomUUID());
    } catch (failure) {
      // The server counts refunds already on their way too (docs/payments.md): say so in our words.
      if (isApiError(failure, "payment_not_allowed")) form.setError("amount", { message: "refund.amountTooLarge" });
    }
  }

  if (available === 0) return <p className="mt-4 text-sm text-stone">{t("refund.nothing")}</p>;
  return (
    // The id lets the documents' credit note action on a card booking lead here (ADR 216).
    <div id={`refund-${bookingId}`} className="mt-6 rounded-md border border-ink-line/15 bg-white p-4" data-testid="refund-form">
      <h3 className="text-lg">{t("refund.heading")}</h3>
      <p className="mt-1 text-sm text-stone">{t("refund.intro", { amount: formatMoney(available, language) })}</p>
      <form onSubmit={(event) => void submit(event)} className="mt-3 grid gap-4 sm:grid-cols-[12rem_1fr]" noValidate>
        <Field
          label={t("refund.amount")}
          hint={t("refund.amountHint")}
          inputMode="decimal"
          required
          error={
            errors.amount?.message === "refund.amountTooLarge"
              ? t("refund.amountTooLarge", { amount: formatMoney(available, language) })
              : message(errors.amount?.message)
          }
          {...form.register("amount")}
        />
        <Textarea label={t("refund.reason")} rows={2} error={message(errors.reason?.message)} {...form.register("reason")} />
        <div className="sm:col-span-2 sm:flex sm:justify-end">
          <Button type="submit" variant="secondary" loading={refund.isPending}>
            {t("refund.submit")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t("refund.confirmTitle", { amount: formatMoney(confirming?.amountCents ?? 0, language) })}
        description={t("refund.confirmBody")}
        confirmLabel={t("refund.submit")}
        cancelLabel={t("refund.cancel")}
        tone="danger"
        testId="refund-confirm"
        onConfirm={() => {
          if (confirming) void send(confirming);
        }}
      />
    </div>
  );
}
