import { registerTranslations } from "../../lib/i18n.ts";

// The second sign-in step (two-factor authentication, ADR 063), on the login page and
// in the booking dialog. English first; Swedish is ours.

export const english = {
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

registerTranslations("second-factor", { en: english, sv: () => import("./second-factor-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "second-factor": typeof english;
  }
}
