import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { AddCardDialog } from "./add-card-dialog.tsx";
import { SavedCards, useCanAddCard } from "./saved-cards.tsx";
import "./wallet-translations.ts";

// docs/product.md §2 second profile screen, Wallet Settings dialog: 'Add Payment Method' and the 'Saved
// Payment Methods' list — the customer's real cards, not the original's hard-coded sample (ADR 061).

export function WalletSettingsContent() {
  const { t } = useTranslation("wallet");
  const [adding, setAdding] = useState(false);
  const canAdd = useCanAddCard();

  return (
    <div className="space-y-6" data-testid="wallet-settings">
      <Button variant="secondary" className="w-full" disabled={!canAdd} onClick={() => setAdding(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t("cards.addPaymentMethod")}
      </Button>
      <div>
        <h3 className="mb-3 text-sm font-semibold tracking-[0.16em] text-gold-deep uppercase">{t("cards.saved")}</h3>
        <SavedCards />
      </div>
      <AddCardDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
