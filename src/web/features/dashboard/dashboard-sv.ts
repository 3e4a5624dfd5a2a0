import type { Catalogue } from "../../lib/i18n.ts";
import type { english } from "./dashboard-translations.ts";

// The account's frame and menu in Swedish, a chunk of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<typeof english> = {
  title: "MITT KONTO",
  greeting: "Inloggad som {{email}}",
  menuLabel: "Kontomeny",
  menu: {
    profile: "Profil",
    bookings: "Bokningar",
    series: "Serier",
    security: "Säkerhet",
    company: "Företag",
    signOut: "Logga ut",
    logout: "Logga ut",
  },
};
