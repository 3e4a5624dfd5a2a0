import { i18n } from "../../lib/i18n.ts";
import { helpNamespace } from "./help-copy.ts";

/** Title and description of the prerendered help page (ADR 003: the title follows the page's language, the description stays English for search engines). */
export function helpMeta() {
  return [
    { title: i18n.t("meta.title", { ns: helpNamespace }) },
    { name: "description", content: i18n.t("meta.description", { ns: helpNamespace, lng: "en" }) },
  ];
}
