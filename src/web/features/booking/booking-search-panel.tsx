import { memo, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { DateRangePicker, fromIsoDay, toIsoDay, type DateRange } from "../../components/date-range-picker.tsx";
import { LocationInput } from "../../components/location-input.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { bookingSearchProblem, bookingSearchRules } from "../../../shared/booking-search.ts";
import type { BookingSearch } from "./booking-state.ts";

// docs/product.md §2 left panel SECURE BOOKING: location input with locate-me, the date-range picker and an
// Update button. The location applies as it is typed or picked (the heading follows). A complete
// date range applies as soon as it is picked, so what the date fields show is what Book now uses;
// Update applies the search again and says what is missing: a start ('Select dates') or an end
// ('Select end date') (docs/product.md §5).

export type BookingSearchPanelProps = {
  search: BookingSearch;
  onLocationChange(location: string): void;
  onUpdate(search: BookingSearch): void;
};

function rangeOf(search: BookingSearch): DateRange {
  return { from: fromIsoDay(search.startDate), to: fromIsoDay(search.endDate) };
}

/** Memoised (ADR 170): choosing a service leaves the search as it is, so the panel is not rendered again. */
export const BookingSearchPanel = memo(function BookingSearchPanel({ search, onLocationChange, onUpdate }: BookingSearchPanelProps) {
  const { t } = useTranslation(bookingNamespace);
  const [draft, setDraft] = useState<DateRange>(() => rangeOf(search));
  const [appliedKey, setAppliedKey] = useState(`${search.startDate}|${search.endDate}`);

  // A search applied elsewhere (restored state, navigation) replaces the draft dates.
  const currentKey = `${search.startDate}|${search.endDate}`;
  if (currentKey !== appliedKey) {
    setAppliedKey(currentKey);
    setDraft(rangeOf(search));
  }

  const draftStart = draft.from ? toIsoDay(draft.from) : null;
  const draftEnd = draft.to ? toIsoDay(draft.to) : null;
  const pending = draftStart !== search.startDate || draftEnd !== search.endDate;

  /** docs/product.md §5 through the shared booking search rules (src/shared/booking-search.ts). */
  function apply(range: DateRange) {
    const next = {
      location: search.location,
      startDate: range.from ? toIsoDay(range.from) : null,
      endDate: range.to ? toIsoDay(range.to) : null,
    };
    const problem = bookingSearchProblem(next, bookingSearchRules.panel);
    if (problem === "selectDate") toast.error(t("panel.selectDates"));
    else if (problem === "selectEndDate" || problem === "endBeforeStart") toast.error(t("panel.selectEndDate"));
    else if (problem === "rangeTooLong") toast.error(t("panel.rangeTooLong"));
    else onUpdate(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(draft);
  }

  function onDatesChange(range: DateRange) {
    setDraft(range);
    // A start alone is half a choice (the visitor is about to pick the end): it waits for Update.
    if (range.from && range.to) apply(range);
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="secure-booking-title"
      className="rounded-xl bg-ink p-5 text-paper shadow-xl sm:p-6"
      data-testid="booking-search-panel"
    >
      <h1 id="secure-booking-title" className="font-sans text-sm font-semibold tracking-[0.25em] text-gold">
        {t("panel.title")}
      </h1>
      <p className="mt-2 text-sm text-mist">{t("panel.intro")}</p>
      <div className="mt-5 space-y-4 text-ink">
        <div className="[&_label]:text-paper">
          <LocationInput value={search.location} onChange={onLocationChange} id="booking-location" />
        </div>
        <div>
          <p className="mb-1 text-[0.7rem] font-semibold tracking-[0.15em] text-paper uppercase" id="booking-dates-label">
            {t("panel.dates")}
          </p>
          <div role="group" aria-labelledby="booking-dates-label">
            <DateRangePicker value={draft} onChange={onDatesChange} id="booking-dates" />
          </div>
        </div>
      </div>
      <Button type="submit" className="mt-5 w-full" data-testid="booking-update">
        {t("panel.update")}
      </Button>
      <p className="mt-2 text-xs text-mist empty:mt-0" aria-live="polite">
        {pending ? t("panel.pending") : ""}
      </p>
    </form>
  );
});
