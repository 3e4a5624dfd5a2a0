import { registerPageContent, type InfoPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { termsEnglish } from "./terms-content.ts";

registerPageContent("terms", { en: termsEnglish, sv: () => import("./terms-content-sv.ts").then((module) => module.termsSwedish) });

export function TermsPage() {
  return <LegalPage namespace="terms" />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    terms: { page: InfoPageContent };
  }
}
