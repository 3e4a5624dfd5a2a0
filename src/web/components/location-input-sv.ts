import type { Catalogue } from "../lib/i18n.ts";
import type { english } from "./location-input.tsx";

// Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
  label: "Var?",
  placeholder: "Stad",
  locate: "Använd min nuvarande plats",
  locating: "Hämtar din plats…",
  suggestions: "Föreslagna platser",
  suggestionCount_one: "{{count}} plats föreslås. Välj med upp- och nedpilarna.",
  suggestionCount_other: "{{count}} platser föreslås. Välj med upp- och nedpilarna.",
  detected: "Platsen hittades!",
  impreciseTitle: "Kunde inte hitta en exakt adress",
  impreciseBody: "Vi använder dina koordinater i stället. Skriv en stad för att förfina den.",
  errorTitle: "Fel",
  unable: "Det gick inte att hämta din plats",
};
