import { registerPageContent, type InfoPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { privacyEnglish } from "./privacy-content.ts";

registerPageContent("privacy", { en: privacyEnglish, sv: () => import("./privacy-content-sv.ts").then((module) => module.privacySwedish) });

export function PrivacyPage() {
  return <LegalPage namespace="privacy" />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    privacy: { page: InfoPageContent };
  }
}
