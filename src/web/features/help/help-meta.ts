import { i18n } from "../../lib/i18n.ts";
import { helpNamespace } from "./help-copy.ts";

/** Title and description of the prerendered help page (English HTML, ADR 003). */
export function helpMeta() {
  return [
    { title: i18n.t("meta.title", { ns: helpNamespace, lng: "en" }) },
    { name: "description", content: i18n.t("meta.description", { ns: helpNamespace, lng: "en" }) },
  ];
}
