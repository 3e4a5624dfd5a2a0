// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { formatMoneyChange, priceAdjustmentCents } from "../../../shared/money.ts";
import { i18n, loadLanguage } from "../../lib/i18n.ts";
import { customerBookingQuery } from "./api.ts";
import { BookingDetailPage } from "./booking-detail-page.tsx";

// docs/money.md: a total set by hand (a hand-set proposal of €700 approved over services priced
// €398) shows its difference as a line of its own under the services, so what the page lists adds
// up to the total it shows.

const booking: CustomerBooking = {
  id: "5d3c7e2a-1111-4222-8333-944455566677",
  location: "Stockholm, Sweden",
  startDate: "2026-12-05",
  endDate: "2026-12-06",
  totalDays: 2,
  status: "pending",
  totalCents: 70_000,
  vatCents: 14_000,
  customerName: "Astrid Lindqvist",
  createdAt: "2026-11-25T16:03:00.000Z",
  services: [
    {
      serviceId: "svc-residential",
      serviceType: "vip_residential",
      title: "Residential Protection",
      description: "",
      options: { guards: 1, days: 2, timeOfDay: "day" },
      dailyPriceCents: 19_900,
      totalCents: 39_800,
      vatCents: 7_960,
      vatRateBasisPoints: 2500,
    },
  ],
  guardCount: 1,
  timeOfDay: "day",
  style: null,
  car: null,
  duration: null,
  note: null,
  cancelledAt: null,
  operatorNote: null,
  declineReason: null,
  lead: null,
} as CustomerBooking;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

function renderPage(value: CustomerBooking) {
  // The page's other panels (changes, team) ask the API; here they get nothing.
  vi.stubGlobal("fetch", () => new Promise<Response>(() => {}));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(customerBookingQuery(value.id).queryKey, value);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BookingDetailPage id={value.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the adjustment line", () => {
  it("computes the part of the total set by hand, and writes it with its sign", () => {
    expect(priceAdjustmentCents(70_000, [39_800])).toBe(30_200);
    expect(priceAdjustmentCents(39_800, [39_800])).toBe(0);
    expect(formatMoneyChange(30_200, "en")).toBe("+€302");
    expect(formatMoneyChange(-5_000, "sv")).toBe("\u221250\u00a0€");
  });

  it("shows a hand-set total's difference under the services, in English and Swedish", async () => {
    renderPage(booking);
    const line = await screen.findByTestId("booking-adjustment");
    expect(line.textContent).toContain("Agreed price adjustment");
    expect(line.textContent).toContain("+€302 on the services' prices above");
    expect(within(screen.getByTestId("booking-total")).getByText("€700")).toBeTruthy();
    cleanup();
    await loadLanguage("sv");
    await i18n.changeLanguage("sv");
    renderPage(booking);
    expect((await screen.findByTestId("booking-adjustment")).textContent).toContain("Överenskommen prisjustering");
    expect(screen.getByTestId("booking-adjustment").textContent).toContain("+302\u00a0€");
  });

  it("shows no adjustment when the services add up to the total", async () => {
    renderPage({ ...booking, totalCents: 39_800 });
    await screen.findByTestId("booking-total");
    expect(screen.queryByTestId("booking-adjustment")).toBeNull();
  });
});
