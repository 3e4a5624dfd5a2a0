import { describe, expect, it } from "vitest";
import { bookingSearchProblem, bookingSearchRules, type BookingSearch } from "./booking-search.ts";

// docs/product.md §5: the landing box needs a location and a start day; the search panel's Update needs a start
// and an end; nobody may book more than a year of days or an end before the start.
const search = (location: string, startDate: string | null, endDate: string | null): BookingSearch => ({ location, startDate, endDate });

describe("the booking search rules", () => {
  it("asks the landing box for a location, then a start day; the end is optional", () => {
    expect(bookingSearchProblem(search("  ", "2026-12-01", null), bookingSearchRules.landing)).toBe("enterLocation");
    expect(bookingSearchProblem(search("Stockholm", null, null), bookingSearchRules.landing)).toBe("selectDate");
    expect(bookingSearchProblem(search("Stockholm", "2026-02-30", null), bookingSearchRules.landing)).toBe("selectDate");
    expect(bookingSearchProblem(search("Stockholm", "2026-12-01", null), bookingSearchRules.landing)).toBeNull();
  });

  it("asks the search panel for both days but not for a location", () => {
    expect(bookingSearchProblem(search("", "2026-12-01", null), bookingSearchRules.panel)).toBe("selectEndDate");
    expect(bookingSearchProblem(search("", "2026-12-01", "2026-12-03"), bookingSearchRules.panel)).toBeNull();
  });

  it("refuses an end before the start, a range over 365 days and an over-long location", () => {
    expect(bookingSearchProblem(search("Oslo", "2026-12-03", "2026-12-01"), bookingSearchRules.panel)).toBe("endBeforeStart");
    expect(bookingSearchProblem(search("Oslo", "2026-01-01", "2026-12-31"), bookingSearchRules.panel)).toBeNull();
    expect(bookingSearchProblem(search("Oslo", "2026-01-01", "2027-01-01"), bookingSearchRules.panel)).toBe("rangeTooLong");
    expect(bookingSearchProblem(search("x".repeat(201), "2026-12-01", null), bookingSearchRules.booking)).toBe("locationTooLong");
  });
});
