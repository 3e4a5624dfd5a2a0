import { registerTranslations } from "../../lib/i18n.ts";

registerTranslations("operator", {
  en: {
    eyebrow: "Operator console",
    title: "The console is coming",
    body: "Booking review, scheduling and customer verification for staff will open here in a later release.",
  },
  sv: {
    eyebrow: "Operatörskonsol",
    title: "Konsolen kommer snart",
    body: "Granskning av bokningar, schemaläggning och verifiering av kunder för personal öppnar här i en senare version.",
  },
});
