import type { ServiceSlug } from "../../../shared/site-map.ts";
import { servicePagesEnglish } from "./service-content-en.ts";
import { startingPrice } from "./service-prices.ts";

/** Page title and description of a service page (meta is English, ADR 003). */
export function serviceMeta(slug: ServiceSlug) {
  const service = servicePagesEnglish.services[slug];
  const description = `${service.intro[0] ?? ""} From €${startingPrice(slug)} per guard per day.`;
  return [{ title: `${service.title} | Nordic Shield` }, { name: "description", content: description }];
}
