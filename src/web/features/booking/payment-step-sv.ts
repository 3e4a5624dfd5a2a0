import { buyerVatPaymentTextsSwedish } from "../../../shared/buyer-vat-texts-sv.ts";
import type { Catalogue } from "../../lib/i18n.ts";
import { walletValidationSwedish } from "../../lib/locales/wallet-validation-sv.ts";
import type { paymentStepEnglish as english } from "./payment-step-copy.ts";

// The booking page's payment step in Swedish, a chunk of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<typeof english> = {
  // ADR 246: the VAT words of a price, by the buyer (src/shared/buyer-vat.ts `priceNoteOf`).
  priceVat: buyerVatPaymentTextsSwedish,
  title: "Betalning",
  description: "Välj kortet som betalar bokningen. {{amountNote}}",
  descriptionWithInvoice: "Välj hur du betalar bokningen. {{amountNote}}",
  close: "Stäng",
  savedCards: "Dina sparade kort",
  loading: "Hämtar dina kort…",
  cardsFailed: "Det gick inte att hämta dina kort",
  noCards: "Du har inga sparade kort ännu. Lägg till ett nedan.",
  ending: "{{brand}} som slutar på {{lastFour}} · går ut {{expiry}}",
  addNew: "Lägg till ett nytt kort",
  addTitle: "Nytt kort",
  addHint: "Kortet sparas i din plånbok. Vi sparar bara märke, de fyra sista siffrorna och utgångsdatum.",
  cardNumber: "Kortnummer",
  expiry: "Utgångsdatum",
  expiryHint: "MM/ÅÅ",
  cvv: "CVV",
  saveCard: "Spara kort",
  cancelAdd: "Avbryt",
  addFailed: "Det gick inte att lägga till kortet",
  cardAdded: "Kortet har sparats",
  chooseCard: "Välj ett kort att betala med",
  howToPay: "Så betalar du",
  invoice: "Faktura · betalas inom {{days}} dagar till vårt bankgiro",
  invoiceNote: "Inget reserveras på något kort. Vi skickar fakturan när vi bekräftar bokningen.",
  bookByInvoice: "Boka {{amount}} · betala mot faktura",
  consent:
    "Bokningen börjar om mer än 7 dagar, längre än en reservation på kortet kan gälla. Jag godkänner att kortet sparas och debiteras när Nordic Shield bekräftar bokningen.",
  consentRequired: "Godkänn för att fortsätta",
  authoriseNote: "Beloppet reserveras på kortet nu och dras när vi bekräftar; blir det bekräftade priset lägre dras det lägre beloppet.",
  pay: "Boka och betala {{amount}}",
  paying: "Bokar…",
  declinedTitle: "Betalningen genomfördes inte",
  saveDeclinedTitle: "Kortet sparades inte",
  bankReturning: "Tillbaka från banken – bokningen slutförs…",
  stripeLoading: "Det säkra kortfältet laddas…",
  stripeUnavailable: "Det säkra kortfältet kunde inte laddas. Kontrollera anslutningen och försök igen.",
  stripeHint: "Kortet skrivs in i vår betalleverantör Stripes säkra fält och sparas i din plånbok; vi ser aldrig kortnumret.",
  validation: walletValidationSwedish,
};
