import { registerTranslations, type Catalogue } from "./i18n.ts";

// Copy for the session guard and the inactivity sign-out, which run on every page (not only in
// the accounts feature), so they live beside the session store.

const english = {
  checking: "Checking your session...",
  inactivityTitle: "Signed out after inactivity",
  inactivityBody: "For your security you were signed out after 30 minutes without activity.",
  signedOut: "You have been signed out successfully",
  signOutFailed: "Failed to sign out. Please try again.",
  notAllowedTitle: "This area is for staff",
  notAllowedBody: "Your account does not have access to the operator console.",
};

const swedish: Catalogue<typeof english> = {
  checking: "Kontrollerar din session...",
  inactivityTitle: "Utloggad efter inaktivitet",
  inactivityBody: "Av säkerhetsskäl loggades du ut efter 30 minuter utan aktivitet.",
  signedOut: "Du har loggats ut",
  signOutFailed: "Utloggningen misslyckades. Försök igen.",
  notAllowedTitle: "Det här området är för personal",
  notAllowedBody: "Ditt konto har inte tillgång till operatörskonsolen.",
};

registerTranslations("session", { en: english, sv: swedish });

declare module "./i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    session: typeof english;
  }
}
