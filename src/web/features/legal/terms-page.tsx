import { registerPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { termsEnglish, termsSwedish } from "./terms-content.ts";

registerPageContent("terms", { en: termsEnglish, sv: termsSwedish });

export function TermsPage() {
  return <LegalPage namespace="terms" />;
}
