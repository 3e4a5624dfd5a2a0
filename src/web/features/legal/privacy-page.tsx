import { registerPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { privacyEnglish, privacySwedish } from "./privacy-content.ts";

registerPageContent("privacy", { en: privacyEnglish, sv: privacySwedish });

export function PrivacyPage() {
  return <LegalPage namespace="privacy" />;
}
