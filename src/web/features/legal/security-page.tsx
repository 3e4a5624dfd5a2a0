import { registerPageContent, type InfoPageContent } from "../../components/info-page.tsx";
import { LegalPage } from "./legal-page.tsx";
import { securityEnglish } from "./security-content.ts";

registerPageContent("security-policy", {
  en: securityEnglish,
  sv: () => import("./security-content-sv.ts").then((module) => module.securitySwedish),
});

export function SecurityPage() {
  return <LegalPage namespace="security-policy" />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "security-policy": { page: InfoPageContent };
  }
}
