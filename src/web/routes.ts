import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC §2 route table. Route files compose features; they hold no logic.
export default [
  layout("routes/site-layout.tsx", [
    index("routes/landing.tsx", { id: "landing" }),
    route("index", "routes/landing.tsx", { id: "landing-index" }),
    route("how-it-works", "routes/how-it-works.tsx"),
    route("about", "routes/about.tsx"),
    route("careers", "routes/careers.tsx"),
    route("help", "routes/help.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("security", "routes/security.tsx"),
    route("cookies", "routes/cookies.tsx"),
    route("affiliate", "routes/affiliate.tsx"),
    route("services/:slug", "routes/service-page.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("secure-booking", "routes/secure-booking.tsx"),
    route("confirmation", "routes/confirmation.tsx"),
    route("customer-dashboard", "routes/customer-dashboard.tsx", [
      index("routes/customer-dashboard-profile.tsx"),
      route("bookings", "routes/customer-dashboard-bookings.tsx"),
      route("security", "routes/customer-dashboard-security.tsx"),
    ]),
    route("customer-profile", "routes/customer-profile.tsx"),
    route("logout", "routes/logout.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
