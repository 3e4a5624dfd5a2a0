import { i18next } from "../../lib/i18n.ts";
import { helpNamespace } from "./help-copy.ts";

/** Title and description of the prerendered help page (English HTML, ADR 003). */
export function helpMeta() {
  return [
    { title: i18next.t("meta.title", { ns: helpNamespace, lng: "en" }) },
    { name: "description", content: i18next.t("meta.description", { ns: helpNamespace, lng: "en" }) },
  ];
}
