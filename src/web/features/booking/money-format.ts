import { isCalendarDay, localDateOf } from "../../../shared/calendar-days.ts";

// docs/product.md §9: euros throughout, whole amounts with thousands separators ('€ 1,497' in English);
// Swedish shows the Swedish grouping and the sign after the amount ('1 497 €').

export function formatEuros(amount: number, language: string): string {
  const swedish = language.startsWith("sv");
  const digits = new Intl.NumberFormat(swedish ? "sv-SE" : "en-GB", { maximumFractionDigits: 0 }).format(Math.round(amount));
  return swedish ? `${digits} €` : `€ ${digits}`;
}

/** A calendar day 'YYYY-MM-DD' shown as e.g. 'Mon, 5 Jan 2026' in the page language. */
export function formatDay(isoDay: string, language: string): string {
  const date = isCalendarDay(isoDay) ? localDateOf(isoDay) : undefined;
  if (!date) return isoDay;
  return new Intl.DateTimeFormat(language.startsWith("sv") ? "sv-SE" : "en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(date);
}
