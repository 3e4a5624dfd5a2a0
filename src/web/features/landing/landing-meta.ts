import { i18next } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

/** Title and description of the prerendered landing page (English HTML, ADR 003). */
export function landingMeta() {
  return [
    { title: i18next.t("meta.title", { ns: landingNamespace, lng: "en" }) },
    { name: "description", content: i18next.t("meta.description", { ns: landingNamespace, lng: "en" }) },
  ];
}
