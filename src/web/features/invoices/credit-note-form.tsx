import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { formatMoney } from "../../../shared/money.ts";
import { operatorCreditNoteFormSchema, type OperatorCreditNoteForm } from "../../../shared/invoicing.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { useIssueCreditNote, type BookingDocuments } from "./api.ts";
import { invoicesNamespace } from "./invoices-translations.ts";

// docs/invoices.md "Credit notes" (ADR 216): the console's credit note action follows the money.
// On an invoice it is this form, which lowers what is due; on a card booking it is the refund form
// of the booking's ledger, because a credit note there is issued by the refund that returns the
// money; with nothing charged or invoiced there is nothing to credit, and the console says so.

/** The id of the ledger's refund form (src/web/features/payments/booking-ledger.tsx) on the same page. */
export const refundFormId = (bookingId: string) => `refund-${bookingId}`;

const emptyCredit: OperatorCreditNoteForm = { amount: "", reason: "" };

export function CreditNoteAction({ bookingId, documents }: { bookingId: string; documents: BookingDocuments }) {
  const { t } = useTranslation(invoicesNamespace);
  if (documents.creditNote === "none") {
    return (
      <p className="mt-4 text-sm text-stone" data-testid="credit-note-none">
        {t("creditNote.nothing")}
      </p>
    );
  }
  if (documents.creditNote === "refund") {
    return (
      <div className="mt-4" data-testid="credit-note-refund">
        <p className="text-sm text-stone">{t("creditNote.byRefund")}</p>
        <Button
          className="mt-2"
          variant="secondary"
          onClick={() => {
            const form = document.getElementById(refundFormId(bookingId));
            form?.scrollIntoView({ block: "center" });
            form?.querySelector<HTMLInputElement>("input")?.focus();
          }}
        >
          {t("creditNote.openRefund")}
        </Button>
      </div>
    );
  }
  return <InvoiceCreditForm bookingId={bookingId} />;
}

function InvoiceCreditForm({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation(invoicesNamespace);
  const language = i18n.language;
  const issue = useIssueCreditNote(bookingId);
  const [confirming, setConfirming] = useState<{ amountCents: number; reason: string } | null>(null);
  const form = useForm<OperatorCreditNoteForm, unknown, { amountCents: number; reason: string }>({
    resolver: zodResolver(operatorCreditNoteFormSchema),
    defaultValues: emptyCredit,
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const message = (text: string | undefined) => (text && isTranslationKey(invoicesNamespace, text) ? t(text) : text);

  async function send(values: { amountCents: number; reason: string }) {
    setConfirming(null);
    try {
      await issue.mutateAsync(values);
      toast.success(t("creditNote.issued", { amount: formatMoney(values.amountCents, language) }));
      form.reset(emptyCredit);
    } catch {
      // The refusal's reason is shown by the request's own error message (ADR 211).
    }
  }

  return (
    <div className="mt-6 rounded-md border border-ink-line/15 bg-white p-4" data-testid="credit-note-form">
      <h3 className="text-lg">{t("creditNote.heading")}</h3>
      <p className="mt-1 text-sm text-stone">{t("creditNote.intro")}</p>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => setConfirming(values))(event)}
        className="mt-3 grid gap-4 sm:grid-cols-[12rem_1fr]"
        noValidate
      >
        <Field
          label={t("creditNote.amount")}
          hint={t("creditNote.amountHint")}
          inputMode="decimal"
          required
          error={message(errors.amount?.message)}
          {...form.register("amount")}
        />
        <Textarea label={t("creditNote.reason")} rows={2} error={message(errors.reason?.message)} {...form.register("reason")} />
        <div className="sm:col-span-2 sm:flex sm:justify-end">
          <Button type="submit" variant="secondary" loading={issue.isPending}>
            {t("creditNote.submit")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t("creditNote.confirmTitle", { amount: formatMoney(confirming?.amountCents ?? 0, language) })}
        description={t("creditNote.confirmBody")}
        confirmLabel={t("creditNote.submit")}
        cancelLabel={t("creditNote.cancel")}
        tone="danger"
        testId="credit-note-confirm"
        onConfirm={() => {
          if (confirming) void send(confirming);
        }}
      />
    </div>
  );
}
