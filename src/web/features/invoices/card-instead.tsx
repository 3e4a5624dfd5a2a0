import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { declineSentence, isDeclineCode, needsChargeLaterConsent } from "../../../shared/payments.ts";
import { CardForm } from "../../components/card-form.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { isLanguage, useTranslation } from "../../lib/i18n.ts";
import { paymentConfigQuery, savedCardsQuery, useCardInstead, useSaveCard } from "./api.ts";
import { invoicesNamespace } from "./invoices-translations.ts";
import { bankCheckAddress, keptBankCheckAttempt } from "../../lib/bank-check.ts";

// ADR 244: a pending booking paid by invoice is paid by card instead — a saved card, or a new one
// saved to the wallet here with the one card form, held (or saved to be charged on confirmation,
// with the same consent) as at booking. The bank's extra check sends the customer to the bank's
// page and back (`?bank=done|abandoned`); the attempt is kept in session storage across the trip
// and sent again once on return, when it finds the same hold.

type Attempt = { paymentMethodId: string; attemptId: string; chargeLaterConsent?: true };

export function CardInstead({ bookingId, startDate }: { bookingId: string; startDate: string }) {
  const { t, i18n } = useTranslation(invoicesNamespace);
  const kept = keptBankCheckAttempt<Attempt>("cardInstead", bookingId);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  /** A refusal in the visitor's language: the bank's reason when it gave one (docs/payments.md). */
  const refusal = (decline: unknown, saving: boolean) =>
    saving && typeof decline === "string" && isDeclineCode(decline)
      ? declineSentence(decline, language, "saving")
      : decline === "authentication_abandoned"
        ? t("payment.checkAbandoned")
        : t("payment.declined");
  const [searchParams, setSearchParams] = useSearchParams();
  const bank = searchParams.get("bank");
  const [open, setOpen] = useState(Boolean(bank));
  const cards = useQuery({ ...savedCardsQuery, enabled: open });
  const config = useQuery({ ...paymentConfigQuery, enabled: open });
  const saveCard = useSaveCard();
  const change = useCardInstead(bookingId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const resent = useRef(false);
  const problemId = useId();
  const list = cards.data?.paymentMethods ?? [];
  const selected =
    chosen && list.some((card) => card.id === chosen) ? chosen : (list.find((card) => card.isDefault)?.id ?? list[0]?.id ?? null);
  const needsConsent = needsChargeLaterConsent(startDate, new Date());

  function send(attempt: Attempt) {
    kept.keep(attempt);
    setRefused(null);
    // The promise, not the call's callbacks: the panel leaves the page as soon as the booking reads as paid by card.
    change.mutateAsync(attempt).then(
      () => {
        kept.forget();
        toast.success(t("payment.cardChosen"));
      },
      (error: unknown) => {
        if (isApiError(error, "payment_requires_action") && error.fields.challengeUrl) {
          window.location.assign(bankCheckAddress(error.fields.challengeUrl, language));
          return;
        }
        kept.forget();
        if (isApiError(error, "payment_requires_action") || isApiError(error, "payment_declined")) {
          setRefused(refusal(error.fields.decline, false));
        }
      },
    );
  }

  // Back from the bank's page: the same attempt once more finds the check completed or abandoned.
  useEffect(() => {
    if (!bank || resent.current) return;
    resent.current = true;
    const attempt = kept.read();
    setSearchParams(
      (params) => {
        params.delete("bank");
        return params;
      },
      { replace: true },
    );
    if (attempt) send(attempt);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from the bank
  }, [bank]);

  function pay() {
    if (!selected) return;
    if (needsConsent && !consent) {
      setConsentError(true);
      return;
    }
    send({ paymentMethodId: selected, attemptId: crypto.randomUUID(), ...(needsConsent && { chargeLaterConsent: true as const }) });
  }

  if (!open) {
    return (
      <Button variant="outline" className="mt-3" onClick={() => setOpen(true)}>
        {t("payment.cardInstead")}
      </Button>
    );
  }

  return (
    <section
      aria-labelledby={`card-instead-${bookingId}`}
      className="mt-3 space-y-4 rounded-md border border-ink-line/15 bg-white p-4"
      data-testid="card-instead"
    >
      <div>
        <h3 id={`card-instead-${bookingId}`} className="text-base font-semibold text-ink">
          {t("payment.cardHeading")}
        </h3>
        <p className="mt-1 text-sm text-stone">{t("payment.cardIntro")}</p>
      </div>
      {change.isPending && bank && (
        <p role="status" className="text-sm text-stone">
          {t("payment.bankReturning")}
        </p>
      )}
      {refused && (
        <p id={problemId} role="alert" className="rounded-md border border-red-700/40 bg-red-50 p-3 text-sm text-red-900">
          {refused}
        </p>
      )}
      <QueryState
        query={cards}
        loading={null}
        isEmpty={(data) => data.paymentMethods.length === 0}
        empty={<p className="text-sm text-stone">{t("payment.noCards")}</p>}
      >
        {() => (
          <RadioGroup
            legend={t("payment.savedCards")}
            name={`card-instead-${bookingId}`}
            value={selected ?? undefined}
            onValueChange={(value) => setChosen(value)}
            className="[&>div]:sm:grid-cols-1"
            options={list.map((card) => ({
              value: card.id,
              label: t("payment.ending", {
                brand: card.brand.toUpperCase(),
                lastFour: card.lastFour,
                expiry: `${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear % 100).padStart(2, "0")}`,
              }),
            }))}
          />
        )}
      </QueryState>
      {cards.isPending || config.isPending ? null : config.data?.provider !== "simulated" ? (
        // ADR 192: with Stripe a card is typed only in Stripe's field, which the wallet shows.
        <Link to="/customer-dashboard" className="inline-flex min-h-11 items-center text-sm underline">
          {t("payment.addInWallet")}
        </Link>
      ) : adding || list.length === 0 ? (
        <section aria-labelledby={`card-instead-new-${bookingId}`} className="space-y-4 rounded-md border border-ink-line/15 p-4">
          <h4 id={`card-instead-new-${bookingId}`} className="text-sm font-semibold text-ink">
            {t("payment.addTitle")}
          </h4>
          <CardForm
            labels={{
              cardNumber: t("payment.cardNumber"),
              expiry: t("payment.expiry"),
              expiryHint: t("payment.expiryHint"),
              cvv: t("payment.cvv"),
              hint: t("payment.addHint"),
              submit: t("payment.saveCard"),
              cancel: t("payment.cancel"),
            }}
            translate={(key) => t(`cardValidation.${key.slice("validation.".length)}` as "cardValidation.cardNumberRequired")}
            submitting={saveCard.isPending}
            autoFocus
            onCancel={list.length > 0 ? () => setAdding(false) : undefined}
            onOtherError={(message) => toast.error(t("payment.addFailed"), { description: message })}
            onSubmit={async (card) => {
              const before = new Set(list.map((saved) => saved.id));
              try {
                const saved = await saveCard.mutateAsync(card);
                const newest = [...saved.paymentMethods]
                  .filter((method) => !before.has(method.id))
                  .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
                toast.success(t("payment.cardAdded"));
                if (newest) setChosen(newest.id);
                setAdding(false);
                return "saved";
              } catch (failure) {
                if (!isApiError(failure, "payment_declined")) throw failure;
                setRefused(refusal(failure.fields.decline, true));
                return "declined";
              }
            }}
          />
        </section>
      ) : (
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {t("payment.addNew")}
        </Button>
      )}
      {needsConsent ? (
        <Checkbox
          label={t("payment.consent")}
          checked={consent}
          onCheckedChange={(value) => {
            setConsent(value);
            if (value) setConsentError(false);
          }}
          error={consentError ? t("payment.consentRequired") : undefined}
          required
        />
      ) : (
        <p className="text-xs text-stone">{t("payment.authoriseNote")}</p>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-ink-line/15 pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={change.isPending}>
          {t("payment.keepInvoice")}
        </Button>
        <Button
          type="button"
          onClick={pay}
          loading={change.isPending}
          disabled={!selected || adding}
          aria-describedby={refused ? problemId : undefined}
        >
          {t("payment.payByCard")}
        </Button>
      </div>
    </section>
  );
}
