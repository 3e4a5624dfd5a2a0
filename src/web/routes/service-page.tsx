import { useParams } from "react-router";
import { serviceMeta } from "../features/service-pages/service-meta.ts";
import { ServicePage } from "../features/service-pages/service-page.tsx";
import { isServiceSlug } from "../features/service-pages/service-prices.ts";
import { i18n } from "../lib/i18n.ts";
import type { Route } from "./+types/service-page";
import NotFound from "./not-found.tsx";

// docs/product.md §2: the five /services/* pages; an unknown slug shows the not-found content.
export const meta = ({ params }: Route.MetaArgs) =>
  isServiceSlug(params.slug) ? serviceMeta(params.slug) : [{ title: i18n.t("titles.notFound") }];

export default function ServicePageRoute() {
  const { slug } = useParams();
  return isServiceSlug(slug) ? <ServicePage slug={slug} /> : <NotFound />;
}
