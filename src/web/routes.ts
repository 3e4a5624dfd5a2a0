import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { sectionLayoutIds, siteRoutes, type SiteRoute } from "../shared/site-map.ts";

// docs/product.md §2 route table, built from the one list in src/shared/site-map.ts (ADR 026). Each section
// has its layout route: public (prerendered), account (signed-in customers), operator (staff).
// Route files compose features; they hold no logic.

function entry(page: SiteRoute): RouteConfigEntry {
  const options = page.id ? { id: page.id } : {};
  if (page.path === "") return index(page.file, options);
  return route(page.path, page.file, options, page.children?.map(entry));
}

export default [
  layout("routes/site-layout.tsx", [
    // The catch-all is public: it is prerendered once as the 404 page (ADR 001).
    layout("routes/public-layout.tsx", { id: sectionLayoutIds.public }, [
      ...siteRoutes.public.map(entry),
      route("*", "routes/not-found.tsx"),
    ]),
    ...siteRoutes.visitor.map(entry),
    layout("routes/account-layout.tsx", { id: sectionLayoutIds.account }, siteRoutes.account.map(entry)),
    layout("routes/operator-layout.tsx", { id: sectionLayoutIds.operator }, siteRoutes.operator.map(entry)),
  ]),
] satisfies RouteConfig;
