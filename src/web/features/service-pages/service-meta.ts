import { serviceTitles } from "../../../shared/service-titles.ts";
import type { ServiceSlug } from "../../../shared/site-map.ts";
import { i18n } from "../../lib/i18n.ts";
import { servicePagesEnglish } from "./service-content-en.ts";
import { formatEuros, startingPrice } from "./service-prices.ts";

/** Page title (in the page's language, ADR 003) and description (English, for search engines). */
export function serviceMeta(slug: ServiceSlug) {
  const service = servicePagesEnglish.services[slug];
  const description = `${service.intro[0] ?? ""} From ${formatEuros(startingPrice(slug), "en")} per guard per day.`;
  return [
    { title: i18n.t("titles.service", { service: serviceTitles[slug][i18n.language] }) },
    { name: "description", content: description },
  ];
}
