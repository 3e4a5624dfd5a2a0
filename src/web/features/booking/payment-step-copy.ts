import { validationTexts, walletValidationMessages } from "../../../shared/validation-messages.ts";
import { registerTranslations, type Catalogue } from "../../lib/i18n.ts";

// docs/payments.md: the booking page's payment step, in English and Swedish. Loaded with the step's
// own chunk, only after Book now.

export const paymentStepNamespace = "booking-payment";

export const paymentStepEnglish = {
  title: "Payment",
  description: "Choose the card that pays for this booking. Total {{amount}}, VAT included.",
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
  consent:
    "This booking starts more than 7 days from now, longer than a card hold can last. I agree that my card is saved and charged when Nordic Shield confirms the booking.",
  consentRequired: "Please agree to continue",
  authoriseNote: "The total is reserved on your card now and charged when we confirm; a lower confirmed price is charged instead.",
  pay: "Book and pay {{amount}}",
  paying: "Booking…",
  declinedTitle: "Payment not completed",
  bankReturning: "Back from your bank — finishing your booking…",
  stripeLoading: "Loading the secure card field…",
  stripeUnavailable: "The secure card field could not be loaded. Please check your connection and try again.",
  stripeHint: "The card is typed in our payment provider Stripe's secure field and saved to your wallet; we never see its number.",
  validation: validationTexts(walletValidationMessages),
};

export const paymentStepSwedish: Catalogue<typeof paymentStepEnglish> = {
  title: "Betalning",
  description: "Välj kortet som betalar bokningen. Totalt {{amount}} inklusive moms.",
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
  consent:
    "Bokningen börjar om mer än 7 dagar, längre än en reservation på kortet kan gälla. Jag godkänner att kortet sparas och debiteras när Nordic Shield bekräftar bokningen.",
  consentRequired: "Godkänn för att fortsätta",
  authoriseNote: "Beloppet reserveras på kortet nu och dras när vi bekräftar; blir det bekräftade priset lägre dras det lägre beloppet.",
  pay: "Boka och betala {{amount}}",
  paying: "Bokar…",
  declinedTitle: "Betalningen genomfördes inte",
  bankReturning: "Tillbaka från banken – bokningen slutförs…",
  stripeLoading: "Det säkra kortfältet laddas…",
  stripeUnavailable: "Det säkra kortfältet kunde inte laddas. Kontrollera anslutningen och försök igen.",
  stripeHint: "Kortet skrivs in i vår betalleverantör Stripes säkra fält och sparas i din plånbok; vi ser aldrig kortnumret.",
  validation: {
    cardNumberRequired: "Ange kortnumret",
    cardNumberInvalid: "Kortnumret är inte giltigt. Kontrollera det.",
    cardBrandUnsupported: "Vi tar emot Visa, Mastercard, American Express, Discover, Diners Club och JCB.",
    expiryRequired: "Ange giltighetstiden",
    expiryFormat: "Ange giltighetstiden som MM/ÅÅ",
    expiryMonth: "Månaden ska vara mellan 01 och 12",
    expiryPast: "Kortet har gått ut",
    expiryFar: "Kontrollera året",
    cvvRequired: "Ange säkerhetskoden (CVV)",
    cvvInvalid: "Ange den tresiffriga säkerhetskoden på kortets baksida",
    cvvAmex: "Ange den fyrsiffriga säkerhetskoden på kortets framsida",
    idTypeRequired: "Välj typ av dokument",
  },
};

registerTranslations(paymentStepNamespace, { en: paymentStepEnglish, sv: paymentStepSwedish });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "booking-payment": typeof paymentStepEnglish;
  }
}
