import { addDays, operatorToday } from "../../src/shared/time.ts";
import type { Page } from "./test.ts";

/**
 * Gives the tab a search already made, as the booking page keeps it (docs/product.md §7 bookingState): a
 * location and a start date `daysAhead` from today, no service chosen yet. Written only when the
 * tab has none, so a reload keeps what the page stored since.
 */
export async function keepBookingSearch(page: Page, location: string, daysAhead: number) {
  const startDate = addDays(operatorToday(new Date()), daysAhead);
  await page.addInitScript(
    (search) => {
      if (!window.sessionStorage.getItem("bookingState")) {
        window.sessionStorage.setItem("bookingState", JSON.stringify({ search, selection: [], attempt: null }));
      }
    },
    { location, startDate, endDate: null },
  );
}
