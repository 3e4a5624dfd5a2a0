import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { AddCardDialog } from "./add-card-dialog.tsx";
import { SavedCards, useCanAddCard } from "./saved-cards.tsx";
import "./wallet-translations.ts";

// docs/product.md §2 profile page, PAYMENT METHODS: the saved cards and 'Add new card'.

export function PaymentMethodsSection() {
  const { t } = useTranslation("wallet");
  const [adding, setAdding] = useState(false);
  const canAdd = useCanAddCard();
  const addButton = (
    <Button variant="secondary" size="sm" disabled={!canAdd} onClick={() => setAdding(true)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {t("cards.addNew")}
    </Button>
  );

  return (
    <section aria-labelledby="payment-methods-heading" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="payment-methods-heading" className="text-2xl">
          {t("cards.heading")}
        </h2>
        {addButton}
      </div>
      <div className="mt-6">
        <SavedCards />
      </div>
      <AddCardDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
