// Constants of the route table (site-map.ts) that every page's shell needs, kept apart so the
// prerendered pages' JavaScript does not carry the whole table (ADR 022, ADR 026).

/** Route ids of the section layouts: the web app asks the router which section a screen is in. */
export const sectionLayoutIds = { public: "public-layout", account: "account-layout", operator: "operator-layout" } as const;

/** Landing-page anchor that every info page's closing Search button points to (docs/product.md §2). */
export const searchAnchor = "/#search-location";
