import type { Catalogue } from "../lib/i18n.ts";
import type { english } from "./inactivity-warning-dialog.tsx";

// Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
  title: "Är du kvar?",
  body: "Av säkerhetsskäl loggar vi ut dig efter 30 minuter utan aktivitet. Välj Förbli inloggad för att fortsätta.",
  timeLeft: "Tid kvar innan du loggas ut:",
  stay: "Förbli inloggad",
  signOut: "Logga ut nu",
};
