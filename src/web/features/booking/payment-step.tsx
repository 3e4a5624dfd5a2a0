import type { PriceNote } from "../../../shared/buyer-vat.ts";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { CardForm } from "../../components/card-form.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation, type TFunction } from "../../lib/i18n.ts";
import { companyRoleMay } from "../../../shared/company-roles.ts";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import {
  bookingCompaniesQuery,
  bookingCompanyQuery,
  invoiceBusinessQuery,
  paymentConfigQuery,
  savedCardsQuery,
  useSaveCard,
} from "./api.ts";
import { paymentStepNamespace } from "./payment-step-copy.ts";
import type { PaymentChoice, PaymentProblem } from "./payment-choice.ts";
import { problemText } from "./payment-problem.ts";
import { isLanguage } from "../../lib/i18n.ts";

// docs/payments.md 'The flow': after Book now the customer picks a saved card or saves a new one to
// the wallet first, and, when the booking starts later than the longest card hold, agrees that the
// card is saved and charged on confirmation. Its own chunk, loaded on Book now (the page's budget).

// ADR 192: Stripe's field and Stripe.js only when the provider is Stripe, in a chunk of their own.
const StripeCardField = lazy(() => import("./stripe-card-field.tsx"));

export type PaymentStepProps = {
  open: boolean;
  onClose: () => void;
  /** The total as the page shows it, already formatted. */
  amount: string;
  /** ADR 246: the VAT words of the amount for this buyer. */
  priceNote: PriceNote;
  /** The booking starts later than the provider's longest hold: consent is asked. */
  needsConsent: boolean;
  /** Why the last attempt was refused. */
  problem: PaymentProblem | null;
  busy: boolean;
  onPay: (choice: PaymentChoice) => void;
};

type PaymentT = TFunction<typeof paymentStepNamespace>;

/** The radio value of the invoice beside the cards' ids (uuids, so never the same). */
const invoiceValue = "invoice";

export default function PaymentStep({ open, onClose, amount, priceNote, needsConsent, problem, busy, onPay }: PaymentStepProps) {
  const { t, i18n } = useTranslation(paymentStepNamespace);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const cards = useQuery({ ...savedCardsQuery, enabled: open });
  const config = useQuery({ ...paymentConfigQuery, enabled: open });
  // ADR 221: an approved company may pay by invoice instead; it is offered beside the cards.
  const business = useQuery({ ...invoiceBusinessQuery, enabled: open });
  const invoiceOffered = business.data?.business?.status === "approved" && config.data !== undefined;
  const list = cards.data?.paymentMethods ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [cardError, setCardError] = useState(false);
  const [adding, setAdding] = useState(false);
  // A card the bank refused when it was saved (docs/payments.md: as at Stripe, it cannot be saved).
  const [saveProblem, setSaveProblem] = useState<PaymentProblem | null>(null);
  const shownProblem = saveProblem ?? problem;
  const problemId = useId();
  // docs/companies.md: a member who may book for a company chooses it (or themselves); the company pays its way, by invoice.
  const companies = useQuery({ ...bookingCompaniesQuery, enabled: open });
  const bookable = (companies.data?.companies ?? []).filter((company) => companyRoleMay(company.role, "book"));
  const [bookFor, setBookFor] = useState("self");
  const companyId = bookable.some((company) => company.id === bookFor) ? bookFor : null;
  const company = useQuery({ ...bookingCompanyQuery(companyId ?? ""), enabled: open && companyId !== null });
  const [costCentre, setCostCentre] = useState("");
  const [reference, setReference] = useState("");
  const [companyErrors, setCompanyErrors] = useState<{ costCentre?: boolean; reference?: boolean }>({});

  // The default card is chosen unless the customer chose another one that still exists.
  const selected =
    chosen && (list.some((card) => card.id === chosen) || (chosen === invoiceValue && invoiceOffered))
      ? chosen
      : (list.find((card) => card.isDefault)?.id ?? list[0]?.id ?? null);
  const byInvoice = selected === invoiceValue;
  useEffect(() => {
    if (cards.isSuccess && list.length === 0 && business.isFetched && !invoiceOffered) setAdding(true);
  }, [cards.isSuccess, list.length, business.isFetched, invoiceOffered]);

  function pay() {
    if (companyId) {
      const policy = company.data?.policy;
      const errors = {
        costCentre: Boolean(policy?.requiresCostCentre && !costCentre),
        reference: Boolean(policy?.requiresReference && !reference.trim()),
      };
      setCompanyErrors(errors);
      if (!policy || errors.costCentre || errors.reference) return;
      onPay({
        invoice: true,
        company: { companyId, ...(costCentre && { costCentre }), ...(reference.trim() && { reference: reference.trim() }) },
      });
      return;
    }
    if (byInvoice) {
      onPay({ invoice: true });
      return;
    }
    if (!selected) {
      setCardError(true);
      return;
    }
    if (needsConsent && !consent) {
      setConsentError(true);
      return;
    }
    onPay({ paymentMethodId: selected, ...(needsConsent && { chargeLaterConsent: true as const }) });
  }

  return (
    <Dialog
      open={open}
      onRequestClose={() => {
        if (!busy) onClose();
      }}
      title={t("title")}
      description={t(invoiceOffered ? "descriptionWithInvoice" : "description", {
        amountNote: t(`priceVat.amountNote.${priceNote}`, { amount }),
      })}
      closeLabel={t("close")}
      testId="payment-step"
    >
      <div className="space-y-5">
        {shownProblem && (
          <div
            id={problemId}
            role="alert"
            className="rounded-md border border-red-700/40 bg-red-50 p-3 text-sm text-red-900"
            data-testid="payment-problem"
          >
            <p className="font-semibold">{t(shownProblem.saving ? "saveDeclinedTitle" : "declinedTitle")}</p>
            <p className="mt-1">{problemText(shownProblem, language)}</p>
          </div>
        )}
        {bookable.length > 0 && (
          <RadioGroup
            legend={t("bookFor")}
            name="book-for"
            value={bookFor}
            onValueChange={setBookFor}
            className="[&>div]:sm:grid-cols-1"
            options={[{ value: "self", label: t("myself") }, ...bookable.map((entry) => ({ value: entry.id, label: entry.name }))]}
          />
        )}
        {companyId ? (
          <div className="space-y-4" data-testid="company-booking-fields">
            {company.data && company.data.policy.costCentres.length > 0 && (
              <Select
                label={t("costCentre")}
                value={costCentre || undefined}
                placeholder={t("chooseCostCentre")}
                onValueChange={(value) => {
                  setCostCentre(value);
                  setCompanyErrors((current) => ({ ...current, costCentre: false }));
                }}
                optional={!company.data.policy.requiresCostCentre}
                error={companyErrors.costCentre ? t("chooseCostCentre") : undefined}
                options={company.data.policy.costCentres.map((centre) => ({ value: centre, label: centre }))}
              />
            )}
            <Field
              label={t("poReference")}
              value={reference}
              maxLength={60}
              optional={!company.data?.policy.requiresReference}
              error={companyErrors.reference ? t("poReferenceRequired") : undefined}
              onChange={(event) => {
                setReference(event.target.value);
                setCompanyErrors((current) => ({ ...current, reference: false }));
              }}
            />
            <p className="text-xs text-stone">
              {t("companyNote", { company: bookable.find((entry) => entry.id === companyId)?.name ?? "" })}
            </p>
          </div>
        ) : cards.isPending ? (
          <p role="status" className="text-sm text-stone">
            {t("loading")}
          </p>
        ) : cards.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t("cardsFailed")}
          </p>
        ) : list.length === 0 && !invoiceOffered ? (
          <p className="text-sm text-stone">{t("noCards")}</p>
        ) : (
          <RadioGroup
            legend={invoiceOffered ? t("howToPay") : t("savedCards")}
            name="payment-card"
            value={selected ?? undefined}
            onValueChange={(value) => {
              setChosen(value);
              setCardError(false);
            }}
            error={cardError ? t("chooseCard") : undefined}
            className="[&>div]:sm:grid-cols-1"
            options={[
              ...list.map((card) => ({
                value: card.id,
                label: t("ending", {
                  brand: card.brand.toUpperCase(),
                  lastFour: card.lastFour,
                  expiry: `${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear % 100).padStart(2, "0")}`,
                }),
              })),
              ...(invoiceOffered ? [{ value: invoiceValue, label: t("invoice", { days: config.data?.invoiceDueDays ?? 30 }) }] : []),
            ]}
          />
        )}
        {companyId || cards.isPending || config.isPending ? null : adding &&
          config.data?.provider === "stripe" &&
          config.data.publishableKey ? (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-stone">
                {t("stripeLoading")}
              </p>
            }
          >
            <StripeCardField
              publishableKey={config.data.publishableKey}
              canCancel={list.length > 0}
              onCancel={() => setAdding(false)}
              onDeclined={setSaveProblem}
              onSaved={(id) => {
                setSaveProblem(null);
                setChosen(id);
                setCardError(false);
                setAdding(false);
              }}
            />
          </Suspense>
        ) : adding ? (
          <NewCardForm
            t={t}
            knownIds={list.map((card) => card.id)}
            onCancel={() => setAdding(false)}
            onDeclined={setSaveProblem}
            onSaved={(id) => {
              setSaveProblem(null);
              setChosen(id);
              setCardError(false);
              setAdding(false);
            }}
          />
        ) : (
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            {t("addNew")}
          </Button>
        )}
        {companyId ? null : byInvoice ? (
          <p className="text-xs text-stone">{t("invoiceNote")}</p>
        ) : needsConsent ? (
          <Checkbox
            label={t("consent")}
            checked={consent}
            onCheckedChange={(value) => {
              setConsent(value);
              if (value) setConsentError(false);
            }}
            error={consentError ? t("consentRequired") : undefined}
            required
          />
        ) : (
          <p className="text-xs text-stone">{t("authoriseNote")}</p>
        )}
        <div className="flex flex-col-reverse gap-3 border-t border-ink-line/15 pt-4 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {t("cancelAdd")}
          </Button>
          <Button
            type="button"
            onClick={pay}
            loading={busy}
            disabled={companyId ? company.isPending : adding || cards.isPending}
            aria-describedby={shownProblem ? problemId : undefined}
          >
            {busy ? t("paying") : byInvoice || companyId ? t("bookByInvoice", { amount }) : t("pay", { amount })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** docs/product.md §2 'Add New Card' inside the step: the one card form, saved through the wallet's API. */
function NewCardForm({
  t,
  knownIds,
  onCancel,
  onDeclined,
  onSaved,
}: {
  t: PaymentT;
  knownIds: string[];
  onCancel: () => void;
  onDeclined: (problem: PaymentProblem) => void;
  onSaved: (id: string) => void;
}) {
  const saveCard = useSaveCard();
  return (
    <section aria-labelledby="payment-new-card" className="space-y-4 rounded-md border border-ink-line/15 p-4">
      <h3 id="payment-new-card" className="text-sm font-semibold text-ink">
        {t("addTitle")}
      </h3>
      <CardForm
        labels={{
          cardNumber: t("cardNumber"),
          expiry: t("expiry"),
          expiryHint: t("expiryHint"),
          cvv: t("cvv"),
          hint: t("addHint"),
          submit: t("saveCard"),
          cancel: t("cancelAdd"),
        }}
        translate={(key) => t(key)}
        submitting={saveCard.isPending}
        // The form appears after the cards are read or on "Add a new card": the number is next to type.
        autoFocus
        onCancel={knownIds.length > 0 ? onCancel : undefined}
        onOtherError={(message) => toast.error(t("addFailed"), { description: message })}
        onSubmit={async (card) => {
          const before = new Set(knownIds);
          try {
            const list = await saveCard.mutateAsync(card);
            // The card just saved is the newest one.
            const newest = [...list.paymentMethods]
              .filter((saved) => !before.has(saved.id))
              .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
            toast.success(t("cardAdded"));
            if (newest) onSaved(newest.id);
            return "saved";
          } catch (failure) {
            if (!isApiError(failure, "payment_declined")) throw failure;
            onDeclined({ decline: failure.fields.decline, message: failure.message, saving: true });
            return "declined";
          }
        }}
      />
    </section>
  );
}
