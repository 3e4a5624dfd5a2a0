import { registerTranslations } from "../../lib/i18n.ts";

// The second sign-in step (two-factor authentication, ADR 063), on the login page and
// in the booking dialog. English first; Swedish is ours.

const english = {
  title: "Two-factor authentication",
  intro: "Your account is protected with two-factor authentication.",
  totpIntro: "Enter the 6-digit code from your authenticator app",
  backupIntro: "Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.",
  codeLabel: "Authentication code",
  backupLabel: "Backup code",
  verify: "Verify",
  verifying: "Verifying...",
  useBackup: "Use a backup code",
  useApp: "Use your authenticator app",
  startOver: "Sign in again",
  invalidCode: "The code is not correct. Please try again.",
  expired: "Your sign-in has expired. Please enter your e-mail and password again.",
  tooMany: "Too many incorrect codes. Please sign in again.",
  codeUsed: "This code has already been used. Wait for the next code in your authenticator app.",
  failedTitle: "Failed to sign in",
  totpFormat: "Enter the 6-digit code from your authenticator app",
  backupFormat: "Enter one of your backup codes",
};

const swedish: Record<keyof typeof english, string> = {
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

registerTranslations("second-factor", { en: english, sv: swedish });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "second-factor": typeof english;
  }
}
