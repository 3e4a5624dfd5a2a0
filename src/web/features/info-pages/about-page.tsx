import { InfoPage, registerPageContent, useInfoContent } from "../../components/info-page.tsx";
import { aboutEnglish, aboutSwedish } from "./about-content.ts";

registerPageContent("about", { en: aboutEnglish, sv: aboutSwedish });

export function AboutPage() {
  return <InfoPage content={useInfoContent("about")} />;
}
