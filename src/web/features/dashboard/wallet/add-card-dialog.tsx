import { toast } from "sonner";
import { CardForm } from "../../../components/card-form.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useAddCard } from "./api.ts";
import "./wallet-translations.ts";

// docs/product.md §2 'Add New Card' in the wallet: the one card form (src/web/components/card-form.tsx)
// in a dialog; the same schema checks it on the server.

export function AddCardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("wallet");
  const addCard = useAddCard();

  function close() {
    addCard.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onRequestClose={close}
      title={t("addCard.title")}
      description={t("addCard.description")}
      closeLabel={t("addCard.close")}
      testId="add-card-dialog"
    >
      <CardForm
        labels={{
          cardNumber: t("addCard.cardNumber"),
          expiry: t("addCard.expiry"),
          expiryHint: t("addCard.expiryHint"),
          cvv: t("addCard.cvv"),
          hint: t("addCard.cvvHint"),
          submit: t("addCard.submit"),
          cancel: t("addCard.cancel"),
        }}
        translate={(key) => t(key)}
        submitting={addCard.isPending}
        onSubmit={async (card) => {
          await addCard.mutateAsync(card);
          toast.success(t("addCard.added"));
          close();
          return "saved";
        }}
        onCancel={close}
        onOtherError={(message) => toast.error(t("addCard.failed"), { description: message })}
      />
    </Dialog>
  );
}
