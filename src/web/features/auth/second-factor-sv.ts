import type { Catalogue } from "../../lib/i18n.ts";
import type { english } from "./second-factor-translations.ts";

// The second sign-in step in Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
  title: "Tvåstegsverifiering",
  intro: "Ditt konto är skyddat med tvåstegsverifiering.",
  totpIntro: "Ange den 6-siffriga koden från din autentiseringsapp",
  backupIntro: "Ange en av reservkoderna du sparade när du slog på tvåstegsverifiering. Varje kod fungerar en gång.",
  codeLabel: "Verifieringskod",
  backupLabel: "Reservkod",
  verify: "Verifiera",
  verifying: "Verifierar...",
  useBackup: "Använd en reservkod",
  useApp: "Använd din autentiseringsapp",
  startOver: "Logga in igen",
  invalidCode: "Koden stämmer inte. Försök igen.",
  expired: "Din inloggning har gått ut. Ange din e-postadress och ditt lösenord igen.",
  tooMany: "För många felaktiga koder. Logga in igen.",
  codeUsed: "Koden har redan använts. Vänta på nästa kod i din autentiseringsapp.",
  failedTitle: "Inloggningen misslyckades",
  totpFormat: "Ange den 6-siffriga koden från din autentiseringsapp",
  backupFormat: "Ange en av dina reservkoder",
};
