import { InfoPage, registerPageContent, useInfoContent, type InfoPageContent } from "../../components/info-page.tsx";
import { careersEnglish } from "./careers-content.ts";

registerPageContent("careers", { en: careersEnglish, sv: () => import("./careers-content-sv.ts").then((module) => module.careersSwedish) });

export function CareersPage() {
  return <InfoPage content={useInfoContent("careers")} />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    careers: { page: InfoPageContent };
  }
}
