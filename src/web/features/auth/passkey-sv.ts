import type { Catalogue } from "../../lib/i18n.ts";
import type { english } from "./passkey-translations.ts";

// Passkey sign-in in Swedish, a chunk of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<typeof english> = {
  or: "eller",
  signIn: "Logga in med nyckel (passkey)",
  signingIn: "Väntar på din nyckel...",
  signedIn: "Du är inloggad",
  failedTitle: "Det gick inte att logga in med nyckel",
  cancelled: "Ingen nyckel användes. Försök igen, eller fortsätt med din e-postadress.",
  notFound:
    "Den här nyckeln är inte registrerad hos Nordic Shield. Logga in med din e-postadress och lägg sedan till nyckeln under Säkerhet.",
  failed: "Nyckeln kunde inte kontrolleras. Försök igen.",
  suspended: "Kontot är avstängt. Kontakta oss.",
};
