import { serviceSlugs } from "./service-types.ts";

// docs/product.md §2 route table, written once (ADR 026). src/web/routes.ts builds the router's route
// config from it, react-router.config.ts prerenders its public section (and the screens marked
// `prerender`), and the server decides from it between a prerendered page, the SPA shell and the
// 404 page.

export { serviceSlugs, type ServiceSlug } from "./service-types.ts";
export { searchAnchor, sectionLayoutIds } from "./site-sections.ts";

/** One screen: its path below its section (no leading slash, "" for the index) and its route module. */
export type SiteRoute = {
  path: string;
  file: string;
  /** Needed when one module serves two paths (React Router ids default to the file). */
  id?: string;
  /**
   * The concrete paths to prerender: needed for a path with parameters, and the way a screen outside
   * the public section is prerendered too (ADR 065: /secure-booking with the build's catalogue).
   */
  prerender?: readonly string[];
  /**
   * The prerendered HTML is only for visitors without a session cookie; anyone else gets the SPA
   * shell, which handles the signed-in visitor as a client-rendered screen would (ADR 085: /login).
   */
  withoutSessionOnly?: boolean;
  children?: readonly SiteRoute[];
};

/**
 * The screens grouped by layout (ADR 026):
 * - public: prerendered to static HTML with their full text (ADR 001), no session needed;
 * - visitor: rendered in the browser (they depend on the session or on booking state), except
 *   /secure-booking, prerendered with the build's catalogue and hydrated (ADR 065);
 * - account: signed-in customers, guarded by the account layout;
 * - operator: staff roles, guarded by the operator layout.
 * Everything under an account or operator screen's path is client-rendered too.
 */
export const siteRoutes = {
  public: [
    { path: "", file: "routes/landing.tsx", id: "landing" },
    { path: "index", file: "routes/landing.tsx", id: "landing-index" },
    { path: "how-it-works", file: "routes/how-it-works.tsx" },
    { path: "about", file: "routes/about.tsx" },
    { path: "careers", file: "routes/careers.tsx" },
    { path: "help", file: "routes/help.tsx" },
    { path: "terms", file: "routes/terms.tsx" },
    { path: "privacy", file: "routes/privacy.tsx" },
    { path: "security", file: "routes/security.tsx" },
    { path: "cookies", file: "routes/cookies.tsx" },
    { path: "affiliate", file: "routes/affiliate.tsx" },
    { path: "services/:slug", file: "routes/service-page.tsx", prerender: serviceSlugs.map((slug) => `services/${slug}`) },
  ],
  visitor: [
    // ADR 085: prerendered (the e-mail step paints from HTML) for visitors without a session cookie.
    { path: "login", file: "routes/login.tsx", prerender: ["login"], withoutSessionOnly: true },
    { path: "register", file: "routes/register.tsx" },
    { path: "reset-password", file: "routes/reset-password.tsx" },
    // ADR 065: prerendered with the catalogue the build knows; the server falls back to the SPA
    // shell when the live catalogue differs, so the HTML never shows an outdated price.
    { path: "secure-booking", file: "routes/secure-booking.tsx", prerender: ["secure-booking"] },
    { path: "confirmation", file: "routes/confirmation.tsx" },
    { path: "logout", file: "routes/logout.tsx" },
    // ADR 288: the principal's personal SOS page, no account: the signed token is the address.
    { path: "principal/:token", file: "routes/principal.tsx" },
  ],
  account: [
    {
      path: "customer-dashboard",
      file: "routes/customer-dashboard.tsx",
      children: [
        { path: "", file: "routes/customer-dashboard-profile.tsx" },
        { path: "bookings", file: "routes/customer-dashboard-bookings.tsx" },
        { path: "bookings/:id", file: "routes/customer-dashboard-booking-detail.tsx" },
        // docs/series.md: recurring series, booked and changed as a whole.
        { path: "series", file: "routes/customer-dashboard-series.tsx" },
        { path: "series/:id", file: "routes/customer-dashboard-series-detail.tsx" },
        { path: "security", file: "routes/customer-dashboard-security.tsx" },
        // docs/companies.md: the company page (members, approvals, bookings, spend).
        { path: "company", file: "routes/customer-dashboard-company.tsx" },
        // An unknown deep link is answered inside the section, after its guard.
        { path: "*", file: "routes/not-found.tsx", id: "customer-dashboard-not-found" },
      ],
    },
    { path: "customer-profile", file: "routes/customer-profile.tsx" },
    // ADR 160: the operative's own area, phone-first; its API admits operatives with two-factor on.
    {
      path: "operative",
      file: "routes/operative.tsx",
      children: [
        { path: "", file: "routes/operative-assignments.tsx" },
        { path: "assignments/:id", file: "routes/operative-brief.tsx" },
        // ADR 220: everything an operative must do is reachable from the area.
        { path: "profile", file: "routes/operative-profile.tsx" },
        { path: "security", file: "routes/operative-security.tsx" },
        { path: "*", file: "routes/not-found.tsx", id: "operative-not-found" },
      ],
    },
  ],
  operator: [
    {
      path: "admin",
      file: "routes/operator.tsx",
      children: [
        { path: "", file: "routes/operator-home.tsx" },
        { path: "bookings/:id", file: "routes/operator-booking.tsx" },
        { path: "operatives", file: "routes/operator-operatives.tsx" },
        { path: "board", file: "routes/operator-board.tsx" },
        // docs/on-duty.md: the alarms (with the on-call list) and the live board.
        { path: "alarms", file: "routes/operator-alarms.tsx" },
        { path: "live", file: "routes/operator-live.tsx" },
        { path: "audit", file: "routes/operator-audit.tsx" },
        { path: "id-documents", file: "routes/operator-id-documents.tsx" },
        { path: "catalogue", file: "routes/operator-catalogue.tsx" },
        { path: "invoicing", file: "routes/operator-invoicing.tsx" },
        { path: "payments", file: "routes/operator-payments.tsx" },
        { path: "staff", file: "routes/operator-staff.tsx" },
        { path: "insights", file: "routes/operator-insights.tsx" },
        { path: "*", file: "routes/not-found.tsx", id: "operator-not-found" },
      ],
    },
  ],
} as const satisfies Record<string, readonly SiteRoute[]>;

export const notFoundPath = "/404";

const absolute = (path: string) => `/${path}`;

/** The public section's pages, prerendered with their full text (ADR 001). */
export const publicPagePaths: readonly string[] = siteRoutes.public.flatMap((page: SiteRoute) =>
  (page.prerender ?? [page.path]).map(absolute),
);

/** Screens outside the public section that are prerendered all the same (ADR 065). */
const browserScreens: readonly SiteRoute[] = [...siteRoutes.visitor, ...siteRoutes.account, ...siteRoutes.operator];
export const prerenderedScreenPaths: readonly string[] = browserScreens.flatMap((page: SiteRoute) => page.prerender ?? []).map(absolute);

/** Prerendered screens whose HTML is served only to a request without a session cookie (ADR 085). */
export const withoutSessionPaths: readonly string[] = browserScreens
  .filter((page: SiteRoute) => page.withoutSessionOnly)
  .flatMap((page: SiteRoute) => page.prerender ?? [])
  .map(absolute);

/** Every page served as static HTML: the public pages and the prerendered screens. */
export const prerenderedPaths: readonly string[] = [
  ...publicPagePaths,
  ...prerenderedScreenPaths,
  // The catch-all route rendered once so the server can answer unknown paths with a real 404 page.
  notFoundPath,
];

function withChildren(page: SiteRoute, parent = ""): string[] {
  const own = parent && page.path ? `${parent}/${page.path}` : parent || page.path;
  const below = (page.children ?? []).filter((child) => child.path !== "*").flatMap((child) => withChildren(child, own));
  return [own, ...below];
}

/** Every screen of the visitor, account and operator sections: the SPA shell can render each of them. */
const screenPaths: readonly string[] = [...new Set(browserScreens.flatMap((page: SiteRoute) => withChildren(page)))].map(absolute);

/** Screens rendered in the browser only: the server answers them with the SPA shell. */
export const clientOnlyPaths: readonly string[] = screenPaths.filter((page) => !prerenderedScreenPaths.includes(page));

/** Sections whose deeper paths (e.g. /admin/bookings/123) are the browser router's to resolve. */
const signedInSections: readonly string[] = [...siteRoutes.account, ...siteRoutes.operator].map((page) => absolute(page.path));

/** Whether `pathname` lies in the account or operator section, whose layouts guard the session. */
export function inSignedInSection(pathname: string): boolean {
  return signedInSections.some((section) => pathname === section || pathname.startsWith(`${section}/`));
}

/** Whether the server answers `pathname` (no trailing slash) with the SPA shell. */
export function isClientOnlyPath(pathname: string): boolean {
  return clientOnlyPaths.includes(pathname) || inSignedInSection(pathname);
}

/**
 * Whether the SPA shell can render `pathname`: a client-only screen, or a prerendered screen whose
 * HTML the server may not serve (its data changed since the build, ADR 065).
 */
export function shellRenders(pathname: string): boolean {
  return isClientOnlyPath(pathname) || prerenderedScreenPaths.includes(pathname);
}
