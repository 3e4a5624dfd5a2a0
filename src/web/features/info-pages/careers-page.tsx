import { InfoPage, registerPageContent, useInfoContent } from "../../components/info-page.tsx";
import { careersEnglish, careersSwedish } from "./careers-content.ts";

registerPageContent("careers", { en: careersEnglish, sv: careersSwedish });

export function CareersPage() {
  return <InfoPage content={useInfoContent("careers")} />;
}
