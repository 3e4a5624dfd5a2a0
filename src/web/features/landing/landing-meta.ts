import { i18n } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

/** Title and description of the prerendered landing page (ADR 003: the title follows the page's language, the description stays English for search engines). */
export function landingMeta() {
  return [
    { title: i18n.t("meta.title", { ns: landingNamespace }) },
    { name: "description", content: i18n.t("meta.description", { ns: landingNamespace, lng: "en" }) },
  ];
}
