import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { bookingSearchProblem, bookingSearchRules } from "../../../shared/booking-search.ts";
import { DateRangePicker, toIsoDay, type DateRange } from "../../components/date-range-picker.tsx";
import { LocationInput } from "../../components/location-input.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

/** The element id the closing call to action and every info page's Search button point to. */
export const bookingBoxId = "search-location";

/** docs/product.md §2 landing booking box: location, date range and SEARCH (validation per docs/product.md §5). */
export function HeroBookingBox() {
  const { t } = useTranslation(landingNamespace);
  const navigate = useNavigate();
  const [location, setLocation] = useState("");
  const [range, setRange] = useState<DateRange>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = {
      location: location.trim(),
      startDate: range.from ? toIsoDay(range.from) : null,
      endDate: range.to ? toIsoDay(range.to) : null,
    };
    // docs/product.md §5 through the shared booking search rules: start date and location required, end optional.
    const problem = bookingSearchProblem(search, bookingSearchRules.landing);
    if (problem === "enterLocation" || problem === "selectDate") {
      toast.error(t("hero.missingTitle"), { description: t("hero.missingBody") });
      return;
    }
    // docs/product.md §3 booking search navigation state: ISO calendar days, empty end when not chosen.
    void navigate("/secure-booking", {
      state: { selectedDate: search.startDate, endDate: search.endDate ?? "", location: search.location },
    });
  }

  return (
    <form
      id={bookingBoxId}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="booking-box-title"
      className="relative rounded-xl border border-gold/30 bg-paper p-4 text-ink shadow-2xl shadow-black/50 sm:p-5"
      data-testid="booking-box"
    >
      <h2 id="booking-box-title" className="mb-3 text-lg">
        {t("hero.boxTitle")}
      </h2>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1.4fr)_auto] lg:items-end">
        <LocationInput id="landing-location" value={location} onChange={setLocation} />
        <div>
          <p className="mb-1 text-[0.7rem] font-semibold tracking-[0.15em] text-stone uppercase" aria-hidden="true">
            {t("hero.datesLabel")}
          </p>
          <DateRangePicker id="landing-dates" value={range} onChange={setRange} />
        </div>
        <button type="submit" className="button-dark min-h-12 w-full px-8 lg:w-auto" data-testid="landing-search">
          {t("actions.searchNow", { ns: "common" })}
        </button>
      </div>
    </form>
  );
}
