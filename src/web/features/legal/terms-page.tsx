import { registerPageContent, type InfoPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { termsEnglish, termsSwedish } from "./terms-content.ts";

registerPageContent("terms", { en: termsEnglish, sv: termsSwedish });

export function TermsPage() {
  return <LegalPage namespace="terms" />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    terms: { page: InfoPageContent };
  }
}
