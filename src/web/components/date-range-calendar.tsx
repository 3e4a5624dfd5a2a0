import { use } from "react";
import { DayPicker, type Locale } from "react-day-picker";
import { enGB } from "react-day-picker/locale/en-GB";
import "react-day-picker/style.css";
import "./date-range-calendar.css";
import { applyDayClick, isDayBetween, isDayDisabled, startOfDay, type DateRange } from "./date-range-rules.ts";

// The calendar half of the date-range picker, loaded on first open so react-day-picker and its
// styles stay out of the landing page's initial JavaScript (performance budget, ADR 020).

/** ADR 204: the Swedish month and day names are a chunk of their own, fetched for a Swedish calendar only. */
let swedishLocale: Promise<Locale> | undefined;
const loadSwedishLocale = () => (swedishLocale ??= import("react-day-picker/locale/sv").then((module) => module.sv));

export type DateRangeCalendarProps = {
  value: DateRange;
  language: string;
  numberOfMonths: 1 | 2;
  onClickResult(range: DateRange, complete: boolean): void;
};

export default function DateRangeCalendar({ value, language, numberOfMonths, onClickResult }: DateRangeCalendarProps) {
  const locale = language === "sv" ? use(loadSwedishLocale()) : enGB;
  const today = startOfDay(new Date());
  const selectedDays = [value.from, value.to].filter((day): day is Date => day !== undefined);
  return (
    <DayPicker
      className="date-range-calendar"
      locale={locale}
      numberOfMonths={numberOfMonths}
      defaultMonth={value.from ?? today}
      startMonth={today}
      autoFocus
      showOutsideDays={false}
      // docs/product.md §4: our own click rules (click 1 start, click 2 end, swap), not DayPicker's range mode.
      onDayClick={(day) => {
        const result = applyDayClick(value, day, new Date());
        onClickResult(result.range, result.complete);
      }}
      disabled={(day) => isDayDisabled(day, today)}
      modifiers={{
        selected: selectedDays,
        range_start: value.from,
        range_end: value.to ?? value.from,
        range_middle: (day) => isDayBetween(day, value),
      }}
    />
  );
}
