import type { Catalogue } from "../lib/i18n.ts";
import type { english } from "./date-range-picker.tsx";

// Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
  checkIn: "Startdatum",
  checkOut: "Slutdatum",
  addDate: "Välj datum",
  dialog: "Välj datum",
  chooseStart: "Välj första dagen med skydd.",
  chooseEnd: "Välj nu sista dagen (valfritt för en enda dag).",
  close: "Stäng",
  loading: "Laddar kalendern…",
};
