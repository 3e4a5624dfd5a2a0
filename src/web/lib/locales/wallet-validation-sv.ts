import type { ValidationTexts, walletValidationMessages } from "../../../shared/validation-messages.ts";
import type { Catalogue } from "../i18n.ts";

// The card and ID-document field messages in Swedish, once for the wallet and the booking page's
// payment step, whose English both take from src/shared/validation-messages.ts (ADR 204, ADR 210).
export const walletValidationSwedish: Catalogue<ValidationTexts<typeof walletValidationMessages>> = {
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
};
