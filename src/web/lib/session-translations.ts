import { registerTranslations } from "./i18n.ts";

// Copy for the session guard and the inactivity sign-out, which run on every page (not only in
// the accounts feature), so they live beside the session store.

export const english = {
  checking: "Checking your session...",
  inactivityTitle: "Signed out after inactivity",
  inactivityBody: "For your security you were signed out after 30 minutes without activity.",
  signedOut: "You have been signed out successfully",
  signOutFailed: "Failed to sign out. Please try again.",
  notAllowedTitle: "This area is for staff",
  notAllowedBody: "Your account does not have access to the operator console.",
};

registerTranslations("session", { en: english, sv: () => import("./locales/session-sv.ts").then((module) => module.swedish) });

declare module "./i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    session: typeof english;
  }
}
