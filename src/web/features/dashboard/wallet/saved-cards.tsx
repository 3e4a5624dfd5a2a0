import { useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { cardLabel, isExpired, type PaymentMethodView } from "../../../../shared/wallet.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useTranslation, type TFunction } from "../../../lib/i18n.ts";
import { paymentMethodsQuery, useDeleteCard, useMakeDefaultCard } from "./api.ts";
import { CardBrandLogo, isKnownBrand } from "./card-brand-logo.tsx";
import "./wallet-translations.ts";

// docs/product.md §2 PAYMENT METHODS list: brand logo, brand, label (docs/product.md §9: 'Private' for mastercard,
// 'Business' otherwise), '•••• 1234', expiry, the default first with a 'Default' badge, 'Make
// default' on the others, Delete after a confirmation.

export function brandName(brand: string, t: TFunction<"wallet">): string {
  return isKnownBrand(brand) ? t(`cards.brands.${brand}`) : brand.toUpperCase();
}

function expiryText(card: PaymentMethodView): string {
  return `${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear % 100).padStart(2, "0")}`;
}

export function SavedCards() {
  const { t } = useTranslation("wallet");
  const cards = useQuery(paymentMethodsQuery);
  const makeDefault = useMakeDefaultCard();
  const deleteCard = useDeleteCard();
  const [confirming, setConfirming] = useState<PaymentMethodView | null>(null);

  async function confirmDelete() {
    const card = confirming;
    setConfirming(null);
    if (!card) return;
    try {
      await deleteCard.mutateAsync(card.id);
      toast.success(t("cards.deleted"));
    } catch {
      // 'Failed to delete payment method' comes from the query client's one error handler (ADR 025).
    }
  }

  async function setDefault(card: PaymentMethodView) {
    try {
      await makeDefault.mutateAsync(card.id);
      toast.success(t("cards.defaultChanged"));
    } catch {
      // The toast comes from the query client (ADR 025).
    }
  }

  return (
    <QueryState
      query={cards}
      loadingLabel={t("cards.loading")}
      loadingClassName="space-y-3"
      loadingTestId="cards-loading"
      loading={[0, 1].map((index) => (
        <div key={index} className="flex items-center gap-4 rounded-lg border border-ink-line/15 bg-white p-4" aria-hidden="true">
          <Skeleton className="h-8 w-12" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
      errorTitle={t("cards.loadFailed")}
      isEmpty={(data) => data.paymentMethods.length === 0}
      empty={<EmptyState icon={CreditCard} title={t("cards.empty")} description={t("cards.emptyBody")} />}
    >
      {({ paymentMethods: list }) => (
        <>
          <ul className="space-y-3" data-testid="saved-cards">
            {list.map((card) => {
              const expired = isExpired(card.expiryMonth, card.expiryYear);
              const busy =
                (makeDefault.isPending && makeDefault.variables === card.id) || (deleteCard.isPending && deleteCard.variables === card.id);
              return (
                <li
                  key={card.id}
                  className="flex flex-col gap-3 rounded-lg border border-ink-line/15 bg-white p-4 sm:flex-row sm:items-center"
                  data-testid="saved-card"
                >
                  <div className="flex min-w-0 flex-1 items-center gap-4">
                    <CardBrandLogo brand={card.brand} />
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                        <span>{brandName(card.brand, t)}</span>
                        <Badge tone="muted" size="sm">
                          {t(`cards.label.${cardLabel(card.brand)}`)}
                        </Badge>
                        {card.isDefault && (
                          <Badge tone="gold" size="sm">
                            {t("cards.default")}
                          </Badge>
                        )}
                      </p>
                      <p className="mt-0.5 text-sm text-stone">
                        <span aria-hidden="true" className="font-mono tracking-wider text-ink">
                          •••• {card.lastFour}
                        </span>
                        <span className="sr-only">{t("cards.ending", { lastFour: card.lastFour })}</span>
                        <span className="mx-2" aria-hidden="true">
                          ·
                        </span>
                        <span className={expired ? "font-semibold text-red-800" : undefined}>
                          {t(expired ? "cards.expired" : "cards.expires", { expiry: expiryText(card) })}
                        </span>
                      </p>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    {!card.isDefault && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={t("cards.makeDefaultLabel", { lastFour: card.lastFour })}
                        onClick={() => void setDefault(card)}
                      >
                        {t("cards.makeDefault")}
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"

                      disabled={busy}
                      aria-label={t("cards.deleteLabel", { lastFour: card.lastFour })}
                      onClick={() => setConfirming(card)}
                    >
                      {t("cards.delete")}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <ConfirmDialog
            open={confirming !== null}
            onOpenChange={(open) => {
              if (!open) setConfirming(null);
            }}
            title={t("cards.confirmTitle")}
            description={confirming ? t("cards.confirmBody", { brand: brandName(confirming.brand, t), lastFour: confirming.lastFour }) : ""}
            confirmLabel={t("cards.confirmAction")}
            tone="danger"
            onConfirm={() => void confirmDelete()}
            testId="confirm-delete-card"
          />
        </>
      )}
    </QueryState>
  );
}

/** Whether the customer may add another card (the server refuses past its limit too). */
export function useCanAddCard(): boolean {
  const cards = useQuery(paymentMethodsQuery);
  return !cards.data || cards.data.paymentMethods.length < cards.data.maximum;
}
