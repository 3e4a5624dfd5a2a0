import { i18n } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

/** Title and description of the prerendered landing page (English HTML, ADR 003). */
export function landingMeta() {
  return [
    { title: i18n.t("meta.title", { ns: landingNamespace, lng: "en" }) },
    { name: "description", content: i18n.t("meta.description", { ns: landingNamespace, lng: "en" }) },
  ];
}
