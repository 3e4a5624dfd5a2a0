import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useSaveProviderCard } from "./api.ts";
import { paymentStepNamespace } from "./payment-step-copy.ts";
import type { PaymentProblem } from "./payment-choice.ts";

// ADR 192: with PAYMENT_PROVIDER=stripe the card number is typed in Stripe's own field (the Card
// Element, an iframe of Stripe's), so it never reaches our page's code or our server (PCI DSS SAQ
// A). This module is its own chunk, imported only when the payment step needs a new card or the
// bank's check, and @stripe/stripe-js/pure fetches Stripe.js only when loadStripe is called.

let stripePromise: Promise<Stripe | null> | null = null;

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  stripePromise ??= loadStripe(publishableKey).catch(() => {
    stripePromise = null;
    return null;
  });
  return stripePromise;
}

/** The bank's 3-D Secure check for a booking answered `payment_requires_action` with a client secret. */
export async function completeBankCheck(publishableKey: string, clientSecret: string): Promise<boolean> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return false;
  const result = await stripe.handleNextAction({ clientSecret });
  return !result.error;
}

export default function StripeCardField({
  publishableKey,
  canCancel,
  onCancel,
  onDeclined,
  onSaved,
}: {
  publishableKey: string;
  canCancel: boolean;
  onCancel: () => void;
  onDeclined: (problem: PaymentProblem) => void;
  onSaved: (id: string) => void;
}) {
  const { t, i18n } = useTranslation(paymentStepNamespace);
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = useSaveProviderCard();
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    let gone = false;
    void stripeFor(publishableKey).then((loaded) => {
      if (gone) return;
      if (!loaded || !mount.current) {
        setState("unavailable");
        return;
      }
      const element = loaded.elements({ locale: i18n.language.startsWith("sv") ? "sv" : "en" }).create("card", { hidePostalCode: true });
      element.mount(mount.current);
      element.on("change", (event) => setError(event.error?.message ?? null));
      stripe.current = loaded;
      card.current = element;
      setState("ready");
    });
    return () => {
      gone = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [publishableKey, i18n.language]);

  async function submit() {
    if (!stripe.current || !card.current) return;
    setBusy(true);
    try {
      const created = await stripe.current.createPaymentMethod({ type: "card", card: card.current });
      if (created.error) {
        setError(created.error.message ?? t("stripeUnavailable"));
        return;
      }
      const list = await save.mutateAsync(created.paymentMethod.id);
      card.current.clear();
      toast.success(t("cardAdded"));
      onSaved(list.paymentMethod.id);
    } catch (failure) {
      if (isApiError(failure, "payment_declined")) onDeclined({ decline: failure.fields.decline, message: failure.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="payment-new-card" className="space-y-4 rounded-md border border-ink-line/15 p-4" data-testid="stripe-card">
      <h3 id="payment-new-card" className="text-sm font-semibold text-ink">
        {t("addTitle")}
      </h3>
      <p id={labelId} className="text-sm font-semibold">
        {t("cardNumber")}
      </p>
      {state === "loading" && (
        <p role="status" className="text-sm text-stone">
          {t("stripeLoading")}
        </p>
      )}
      {state === "unavailable" && (
        <p role="alert" className="text-sm text-red-800">
          {t("stripeUnavailable")}
        </p>
      )}
      <div ref={mount} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} className="field-input" />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <p className="text-xs text-stone">{t("stripeHint")}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {canCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("cancelAdd")}
          </Button>
        )}
        <Button type="button" variant="secondary" loading={busy} disabled={state !== "ready"} onClick={() => void submit()}>
          {t("saveCard")}
        </Button>
      </div>
    </section>
  );
}
