import { registerPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { securityEnglish, securitySwedish } from "./security-content.ts";

registerPageContent("security-policy", { en: securityEnglish, sv: securitySwedish });

export function SecurityPage() {
  return <LegalPage namespace="security-policy" />;
}
