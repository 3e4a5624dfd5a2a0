import { registerPageContent, type InfoPageContent } from "../../components/info-page.tsx";
import { cookiesEnglish } from "./cookies-content.ts";
import { LegalPage } from "./legal-page.tsx";

registerPageContent("cookies", { en: cookiesEnglish, sv: () => import("./cookies-content-sv.ts").then((module) => module.cookiesSwedish) });

export function CookiesPage() {
  return <LegalPage namespace="cookies" />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    cookies: { page: InfoPageContent };
  }
}
