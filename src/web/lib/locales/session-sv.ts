import type { Catalogue } from "../i18n.ts";
import type { english } from "../session-translations.ts";

// The session guard's Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
  checking: "Kontrollerar din session...",
  inactivityTitle: "Utloggad efter inaktivitet",
  inactivityBody: "Av säkerhetsskäl loggades du ut efter 30 minuter utan aktivitet.",
  signedOut: "Du har loggats ut",
  signOutFailed: "Utloggningen misslyckades. Försök igen.",
  notAllowedTitle: "Det här området är för personal",
  notAllowedBody: "Ditt konto har inte tillgång till operatörskonsolen.",
};
