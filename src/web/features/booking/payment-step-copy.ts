import { buyerVatPaymentTexts } from "../../../shared/buyer-vat-texts.ts";
import { validationTexts, walletValidationMessages } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// docs/payments.md: the booking page's payment step, in English (Swedish in payment-step-sv.ts, ADR 210).
// Loaded with the step's own chunk, only after Book now.

export const paymentStepNamespace = "booking-payment";

export const paymentStepEnglish = {
  // ADR 246: the VAT words of a price, by the buyer (src/shared/buyer-vat.ts `priceNoteOf`).
  priceVat: buyerVatPaymentTexts,
  title: "Payment",
  description: "Choose the card that pays for this booking. {{amountNote}}",
  descriptionWithInvoice: "Choose how you pay for this booking. {{amountNote}}",
  close: "Close",
  savedCards: "Your saved cards",
  loading: "Loading your cards…",
  cardsFailed: "Failed to load your cards",
  noCards: "You have no saved cards yet. Add one below.",
  ending: "{{brand}} ending in {{lastFour}} · expires {{expiry}}",
  addNew: "Add a new card",
  addTitle: "New card",
  addHint: "The card is saved to your wallet. We keep only the brand, the last four digits and the expiry date.",
  cardNumber: "Card Number",
  expiry: "Expiry Date",
  expiryHint: "MM/YY",
  cvv: "CVV",
  saveCard: "Save card",
  cancelAdd: "Cancel",
  addFailed: "Failed to add card",
  cardAdded: "Card saved",
  chooseCard: "Choose a card to pay with",
  howToPay: "How you pay",
  invoice: "Invoice · due in {{days}} days, to our Bankgiro",
  invoiceNote: "Nothing is reserved on a card. We send the invoice when we confirm the booking.",
  bookByInvoice: "Book {{amount}} · pay by invoice",
  // docs/companies.md: a member books for their company, paid the company's way.
  bookFor: "Book for",
  myself: "Myself",
  costCentre: "Cost centre",
  chooseCostCentre: "Choose a cost centre",
  poReference: "Reference or PO number",
  poReferenceRequired: "The company asks for a reference or PO number",
  companyNote:
    "Invoiced to {{company}}. If the company's rules ask for it, an approver of the company approves the booking before it reaches us.",
  consent:
    "This booking starts more than 7 days from now, longer than a card hold can last. I agree that my card is saved and charged when Nordic Shield confirms the booking.",
  consentRequired: "Please agree to continue",
  authoriseNote: "The total is reserved on your card now and charged when we confirm; a lower confirmed price is charged instead.",
  pay: "Book and pay {{amount}}",
  paying: "Booking…",
  declinedTitle: "Payment not completed",
  saveDeclinedTitle: "Card not saved",
  bankReturning: "Back from your bank — finishing your booking…",
  stripeLoading: "Loading the secure card field…",
  stripeUnavailable: "The secure card field could not be loaded. Please check your connection and try again.",
  stripeHint: "The card is typed in our payment provider Stripe's secure field and saved to your wallet; we never see its number.",
  validation: validationTexts(walletValidationMessages),
};

registerTranslations(paymentStepNamespace, {
  en: paymentStepEnglish,
  sv: () => import("./payment-step-sv.ts").then((module) => module.swedish),
});

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "booking-payment": typeof paymentStepEnglish;
  }
}
