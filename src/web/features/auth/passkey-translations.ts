import { registerTranslations } from "../../lib/i18n.ts";

// Passkey sign-in on the login page (ADR 270). English first; Swedish is ours.

export const english = {
  or: "or",
  signIn: "Sign in with a passkey",
  signingIn: "Waiting for your passkey...",
  signedIn: "Successfully signed in",
  failedTitle: "Could not sign in with a passkey",
  cancelled: "No passkey was used. Try again, or continue with your e-mail.",
  notFound: "This passkey is not registered with Nordic Shield. Sign in with your e-mail, then add the passkey under Security.",
  failed: "The passkey could not be checked. Please try again.",
  suspended: "This account is suspended. Please contact us.",
};

registerTranslations("passkeys", { en: english, sv: () => import("./passkey-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    passkeys: typeof english;
  }
}
