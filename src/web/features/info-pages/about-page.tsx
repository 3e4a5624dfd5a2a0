import { InfoPage, registerPageContent, useInfoContent, type InfoPageContent } from "../../components/info-page.tsx";
import { aboutEnglish } from "./about-content.ts";

registerPageContent("about", { en: aboutEnglish, sv: () => import("./about-content-sv.ts").then((module) => module.aboutSwedish) });

export function AboutPage() {
  return <InfoPage content={useInfoContent("about")} />;
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    about: { page: InfoPageContent };
  }
}
