import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { addCardSchema, formatCardNumber, formatExpiry, type AddCardForm, type CheckedCard } from "../../../../shared/wallet.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useAddCard } from "./api.ts";
import { walletFieldMessage } from "./wallet-messages.ts";
import "./wallet-translations.ts";

// docs/product.md §2 'Add New Card': Card Number, Expiry Date (MM/YY), CVV (masked, max 4), Cancel / Add Card.
// The autocomplete tokens let the browser's or password manager's saved cards fill the form
// (WCAG 2.2 1.3.5, HTML "cc-number", "cc-exp", "cc-csc"). The same schema checks it on the server.

const emptyCard: AddCardForm = { cardNumber: "", expiry: "", cvv: "" };
const fieldNames = ["cardNumber", "expiry", "cvv"] as const;

export function AddCardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("wallet");
  const form = useForm<AddCardForm, unknown, CheckedCard>({
    resolver: zodResolver(addCardSchema),
    defaultValues: emptyCard,
    mode: "onTouched",
  });
  const addCard = useAddCard();
  const errors = form.formState.errors;
  const message = (field: (typeof fieldNames)[number]) => walletFieldMessage(errors[field]?.message, t);

  function close() {
    // The typed number and code leave the page's memory with the form (PCI DSS req. 3.3).
    form.reset(emptyCard);
    addCard.reset();
    onClose();
  }

  const submit = form.handleSubmit(async () => {
    try {
      // The strings as typed: the server parses them with the same schema.
      await addCard.mutateAsync(form.getValues());
      toast.success(t("addCard.added"));
      close();
    } catch (failure) {
      if (isApiError(failure, "invalid_input")) {
        let shown = false;
        for (const [field, text] of Object.entries(failure.fields)) {
          const target = fieldNames.find((name) => name === field);
          if (target) {
            form.setError(target, { message: text }, { shouldFocus: !shown });
            shown = true;
          }
        }
        if (!shown) toast.error(t("addCard.failed"), { description: failure.message });
      }
      // Other failures: the toast 'Failed to add card' comes from the query client (ADR 025).
    }
  });

  const cardNumber = form.register("cardNumber");
  const expiry = form.register("expiry");
  const cvv = form.register("cvv");

  return (
    <Dialog
      open={open}
      onRequestClose={close}
      title={t("addCard.title")}
      description={t("addCard.description")}
      closeLabel={t("addCard.close")}
      testId="add-card-dialog"
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <Field
          label={t("addCard.cardNumber")}
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
            label={t("addCard.expiry")}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t("addCard.expiryHint")}
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
            label={t("addCard.cvv")}
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
        <p className="text-xs text-stone">{t("addCard.cvvHint")}</p>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={close}>
            {t("addCard.cancel")}
          </Button>
          <Button type="submit" variant="secondary" loading={addCard.isPending}>
            {t("addCard.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
