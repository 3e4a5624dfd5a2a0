import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { walletValidationMessages } from "../../shared/validation-messages.ts";
import { addCardSchema, formatCardNumber, formatExpiry, type AddCardForm, type CheckedCard } from "../../shared/wallet.ts";
import { isApiError } from "../lib/api-client.ts";
import { Button } from "./ui/button.tsx";
import { Field } from "./ui/field.tsx";

// docs/product.md §2 'Add New Card': Card Number, Expiry Date (MM/YY), CVV (masked, max 4), Cancel /
// Add Card — the one form for a typed card, used by the wallet's dialog and the booking page's
// payment step (docs/payments.md), checked with the shared schema on both sides. The autocomplete
// tokens let the browser's or password manager's saved cards fill it (WCAG 2.2 1.3.5, HTML
// "cc-number", "cc-exp", "cc-csc"). Used only with the simulated processor: with Stripe the number
// is typed in Stripe's own field (ADR 192).

export const emptyCard: AddCardForm = { cardNumber: "", expiry: "", cvv: "" };
const cardFields = ["cardNumber", "expiry", "cvv"] as const;

type WalletKey = keyof typeof walletValidationMessages;
const keyByEnglish = new Map<string, WalletKey>(
  (Object.entries(walletValidationMessages) as [WalletKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * A schema message is a translation key (ADR 027); a field error the server answered is its English
 * text, found again here so it shows in the visitor's language. `translate` reads the caller's
 * namespace, which holds the wallet's validation texts.
 */
export function cardFieldMessage(message: string | undefined, translate: (key: WalletKey) => string): string | undefined {
  if (!message) return undefined;
  if (Object.hasOwn(walletValidationMessages, message)) return translate(message as WalletKey);
  const key = keyByEnglish.get(message);
  return key ? translate(key) : message;
}

export type CardFormLabels = {
  cardNumber: string;
  expiry: string;
  expiryHint: string;
  cvv: string;
  /** Below the fields: what is kept of the card. */
  hint: string;
  submit: string;
  cancel: string;
};

export type CardFormProps = {
  labels: CardFormLabels;
  translate: (key: WalletKey) => string;
  submitting: boolean;
  /** Saves the card; the form empties after an answer ("saved" or "declined"). An ApiError it throws is shown on the fields. */
  onSubmit: (card: AddCardForm) => Promise<"saved" | "declined">;
  /** No Cancel button without it. */
  onCancel?: (() => void) | undefined;
  /** A field error the server gave for no field of this form. */
  onOtherError?: ((message: string) => void) | undefined;
  /** Focus the number when the form appears (it appeared on the customer's own request). */
  autoFocus?: boolean;
  /** Buttons stacked on a phone, in a row from `sm` (the dialog) or always at the end. */
  className?: string;
};

export function CardForm({ labels, translate, submitting, onSubmit, onCancel, onOtherError, autoFocus = false, className }: CardFormProps) {
  const form = useForm<AddCardForm, unknown, CheckedCard>({
    resolver: zodResolver(addCardSchema),
    defaultValues: emptyCard,
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const message = (field: (typeof cardFields)[number]) => cardFieldMessage(errors[field]?.message, translate);
  const { setFocus } = form;
  useEffect(() => {
    if (autoFocus) setFocus("cardNumber");
  }, [autoFocus, setFocus]);

  const submit = form.handleSubmit(async () => {
    try {
      // The strings as typed: the server parses them with the same schema.
      const outcome = await onSubmit(form.getValues());
      // The typed number and code leave the page's memory with the form (PCI DSS req. 3.3).
      form.reset(emptyCard);
      if (outcome === "declined") setFocus("cardNumber");
    } catch (failure) {
      if (!isApiError(failure, "invalid_input")) return;
      let shown = false;
      for (const [field, text] of Object.entries(failure.fields)) {
        const target = cardFields.find((name) => name === field);
        if (target) {
          form.setError(target, { message: text }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) onOtherError?.(failure.message);
      // Other failures are worded by the query client's one handler (ADR 025).
    }
  });

  const cardNumber = form.register("cardNumber");
  const expiry = form.register("expiry");
  const cvv = form.register("cvv");

  return (
    <form onSubmit={(event) => void submit(event)} className={className ?? "space-y-4"} noValidate>
      <Field
        label={labels.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={23}
        required
        error={message("cardNumber")}
        {...cardNumber}
        onChange={(event) => {
          event.target.value = formatCardNumber(event.target.value);
          void cardNumber.onChange(event);
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label={labels.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={labels.expiryHint}
          maxLength={5}
          required
          error={message("expiry")}
          {...expiry}
          onChange={(event) => {
            event.target.value = formatExpiry(event.target.value);
            void expiry.onChange(event);
          }}
        />
        <Field
          label={labels.cvv}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
          error={message("cvv")}
          {...cvv}
          onChange={(event) => {
            event.target.value = event.target.value.replace(/\D/g, "").slice(0, 4);
            void cvv.onChange(event);
          }}
        />
      </div>
      <p className="text-xs text-stone">{labels.hint}</p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              form.reset(emptyCard);
              onCancel();
            }}
          >
            {labels.cancel}
          </Button>
        )}
        <Button type="submit" variant="secondary" loading={submitting}>
          {labels.submit}
        </Button>
      </div>
    </form>
  );
}
