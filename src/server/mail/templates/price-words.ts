import { priceNoteOf, type BuyerVat } from "../../../shared/buyer-vat.ts";
import { buyerVatTexts, buyerVatTotalTexts } from "../../../shared/buyer-vat-texts.ts";
import { buyerVatTextsSwedish, buyerVatTotalTextsSwedish } from "../../../shared/buyer-vat-texts-sv.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import { translator } from "../../../shared/translator.ts";
import type { MailLanguage } from "./layout.ts";

// ADR 246: the VAT words of a booking's price in a mail, the pages' own texts (ADR 209), chosen by
// the booking's buyer (ADR 222) through `priceNoteOf` and nowhere else.

export const buyerVatCopy = {
  en: { ...buyerVatTexts, ...buyerVatTotalTexts },
  sv: { ...buyerVatTextsSwedish, ...buyerVatTotalTextsSwedish },
};

export type PriceWords = {
  /** "incl. VAT" / "excl. VAT · reverse charge" after an amount. */
  note: string;
  /** "Total (incl. VAT)" / "Total (excl. VAT)". */
  total: string;
  quotedTotal: string;
  /** "of which VAT 25%: €299.40", or why there is no Swedish VAT. */
  vatLine: string;
};

export function priceWords(buyer: BuyerVat, vatCents: number, language: MailLanguage): PriceWords {
  const t = translator(buyerVatCopy, language);
  const key = priceNoteOf(buyer);
  return {
    note: t(`note.${key}`),
    total: t(`total.${key}`),
    quotedTotal: t(`quotedTotal.${key}`),
    vatLine: t(`vatLine.${key}`, { percent: vatPercent(), amount: formatMoney(vatCents, language) }),
  };
}
