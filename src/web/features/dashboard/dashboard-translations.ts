import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §2 customer dashboard: MY ACCOUNT, Profile / Bookings / Security, Sign Out, Logout.

export const english = {
  title: "MY ACCOUNT",
  greeting: "Signed in as {{email}}",
  menuLabel: "Account menu",
  menu: {
    profile: "Profile",
    bookings: "Bookings",
    series: "Series",
    security: "Security",
    company: "Company",
    signOut: "Sign Out",
    logout: "Logout",
  },
};

registerTranslations("dashboard", { en: english, sv: () => import("./dashboard-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    dashboard: typeof english;
  }
}
