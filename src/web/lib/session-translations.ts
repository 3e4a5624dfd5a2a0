import { registerTranslations } from "./i18n.ts";

// Copy for the session guard and the inactivity sign-out, which run on every page (not only in
// the accounts feature), so they live beside the session store.

registerTranslations("session", {
  en: {
    checking: "Checking your session...",
    inactivityTitle: "Signed out after inactivity",
    inactivityBody: "For your security you were signed out after 30 minutes without activity.",
    signedOut: "You have been signed out successfully",
    signOutFailed: "Failed to sign out. Please try again.",
    notAllowedTitle: "This area is for staff",
    notAllowedBody: "Your account does not have access to the operator console.",
    warning: {
      title: "Are you still there?",
      body: "For your security we sign you out after 30 minutes without activity. Choose Stay signed in to keep working.",
      timeLeft: "Time left before you are signed out:",
      stay: "Stay signed in",
      signOut: "Sign out now",
    },
  },
  sv: {
    checking: "Kontrollerar din session...",
    inactivityTitle: "Utloggad efter inaktivitet",
    inactivityBody: "Av säkerhetsskäl loggades du ut efter 30 minuter utan aktivitet.",
    signedOut: "Du har loggats ut",
    signOutFailed: "Utloggningen misslyckades. Försök igen.",
    notAllowedTitle: "Det här området är för personal",
    notAllowedBody: "Ditt konto har inte tillgång till operatörskonsolen.",
    warning: {
      title: "Är du kvar?",
      body: "Av säkerhetsskäl loggar vi ut dig efter 30 minuter utan aktivitet. Välj Förbli inloggad för att fortsätta.",
      timeLeft: "Tid kvar innan du loggas ut:",
      stay: "Förbli inloggad",
      signOut: "Logga ut nu",
    },
  },
});
