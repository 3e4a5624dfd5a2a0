import { registerPageContent } from "../../components/info-page.tsx";
import { cookiesEnglish, cookiesSwedish } from "./cookies-content.ts";
import { LegalPage } from "./legal-page.tsx";

registerPageContent("cookies", { en: cookiesEnglish, sv: cookiesSwedish });

export function CookiesPage() {
  return <LegalPage namespace="cookies" />;
}
