// SPEC §2 route table. One list drives the router's prerender step and the server's
// decision between a prerendered page, the SPA shell and the 404 page.

export const serviceSlugs = ["residential", "driver", "going-out", "bodyguard", "event"] as const;
export type ServiceSlug = (typeof serviceSlugs)[number];

/** Public pages served as static HTML with their full text (ADR 001). */
export const prerenderedPaths = [
  "/",
  "/index",
  "/how-it-works",
  "/about",
  "/careers",
  "/help",
  "/terms",
  "/privacy",
  "/security",
  "/cookies",
  "/affiliate",
  ...serviceSlugs.map((slug) => `/services/${slug}`),
  // The catch-all route rendered once so the server can answer unknown paths with a real 404 page.
  "/404",
] as const;

/** Screens rendered in the browser only (they depend on the session or on booking state). */
export const clientOnlyPaths = [
  "/login",
  "/register",
  "/reset-password",
  "/secure-booking",
  "/confirmation",
  "/customer-dashboard",
  "/customer-dashboard/bookings",
  "/customer-dashboard/security",
  "/customer-profile",
  "/logout",
] as const;

export const notFoundPath = "/404";

/** Landing-page anchor that every info page's closing Search button points to (SPEC §2). */
export const searchAnchor = "/#search-location";
