// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingLine } from "../../../shared/booking.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { i18n, loadLanguage } from "../../lib/i18n.ts";
import { BookingCard } from "./booking-card.tsx";
import { bookedServices } from "./booking-facts.ts";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";

// docs/product.md §2 BOOKINGS card: each booked service shows its own options. A bodyguard for 24 hours and a
// driver for 18 hours with an S-class car used to be flattened into one line of the first
// service's columns: the bodyguard read as 18 hours and the car class was lost.

const line = (overrides: Partial<BookingLine> & Pick<BookingLine, "serviceId" | "serviceType" | "title" | "options">): BookingLine => ({
  description: "",
  dailyPriceCents: 0,
  totalCents: 0,
  vatCents: 0,
  vatRateBasisPoints: 2500,
  ...overrides,
});

const booking: CustomerBooking = {
  id: "5d3c7e2a-1111-4222-8333-944455566677",
  location: "Stockholm, Sweden",
  startDate: "2026-12-05",
  endDate: "2026-12-07",
  totalDays: 3,
  status: "confirmed",
  totalCents: 149_750,
  vatCents: 29_950,
  buyerVat: "consumer",
  customerName: "Astrid Lindqvist",
  createdAt: "2026-11-25T16:03:00.000Z",
  services: [
    line({
      serviceId: "svc-driver",
      serviceType: "vip_driver",
      title: "VIP Security Driver",
      options: { guards: 1, days: 3, duration: "18h", style: "Formal", car: "with_car", carClass: "S-class" },
    }),
    line({
      serviceId: "svc-bodyguard",
      serviceType: "vip_outdoor",
      title: "VIP Bodyguard",
      options: { guards: 2, days: 3, duration: "24h", style: "Casual" },
    }),
  ],
  // The booking's single columns, as the first service wrote them.
  guardCount: 3,
  timeOfDay: null,
  style: "Formal",
  car: "with_car",
  duration: "18h",
  note: null,
  cancelledAt: null,
  operatorNote: null,
  declineReason: null,
  paymentDueAt: null,
  lead: null,
};

afterEach(cleanup);

function renderCard() {
  render(
    <MemoryRouter>
      <BookingCard booking={booking} past={false} guardNotice={false} />
    </MemoryRouter>,
  );
  return screen.getByRole("article", { name: "Stockholm, Sweden" });
}

/** A booked service's facts as a reader meets them: each term with its value. */
function factsOf(card: HTMLElement, service: string): Record<string, string> {
  const section = within(card).getByRole("heading", { level: 5, name: service }).closest("section");
  if (!section) throw new Error(`no section for ${service}`);
  const terms = within(section).getAllByRole("term");
  const values = within(section).getAllByRole("definition");
  return Object.fromEntries(terms.map((term, index) => [term.textContent ?? "", values[index]?.textContent ?? ""]));
}

describe("booking card", () => {
  it("shows each booked service with its own guards, hours and car class", () => {
    const card = renderCard();
    expect(
      within(card)
        .getAllByRole("heading", { level: 5 })
        .map((heading) => heading.textContent),
    ).toEqual(["VIP Security Driver", "VIP Bodyguard"]);
    expect(factsOf(card, "VIP Security Driver")).toMatchObject({
      Guards: "1",
      "Duration per day": "18 hours",
      Vehicle: "WITH CAR · S-CLASS",
    });
    const bodyguard = factsOf(card, "VIP Bodyguard");
    expect(bodyguard).toMatchObject({ Guards: "2", "Duration per day": "24 hours" });
    expect(bodyguard).not.toHaveProperty("Vehicle");
  });

  it("prints the price with the one money formatter, its VAT part, and the day in the British order", () => {
    const card = renderCard();
    expect(within(card).getByText("€1,497.50")).toBeTruthy();
    expect(within(card).getByText("of which VAT 25%: €299.50")).toBeTruthy();
    expect(within(card).getByText("Sat, 5 Dec 2026")).toBeTruthy();
  });

  it("leads to the booking's own page, named by its place and day for a screen reader", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={["/customer-dashboard/bookings"]}>
        <Routes>
          <Route path="/customer-dashboard/bookings" element={<BookingCard booking={booking} past={false} guardNotice={false} />} />
          <Route path="/customer-dashboard/bookings/:id" element={<p>Booking page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: /Stockholm, Sweden/ });
    expect(link.getAttribute("aria-label")).toContain("Sat, 5 Dec 2026");
    await user.click(link);
    expect(screen.getByText("Booking page")).toBeTruthy();
  });

  it("names each service and its options in Swedish on Swedish pages", async () => {
    // ADR 210: the Swedish catalogues arrive in their own chunks, as on a Swedish page.
    await loadLanguage("sv");
    const services = bookedServices(booking, i18n.getFixedT("sv", customerBookingsNamespace), "sv");
    expect(services.map((service) => service.title)).toEqual(["VIP-säkerhetschaufför", "VIP-livvakt"]);
    expect(services[0]?.facts.find((fact) => fact.key === "vehicle")?.value).toBe("MED BIL · S-CLASS");
    expect(services[1]?.facts.find((fact) => fact.key === "duration")?.value).toBe("24 timmar");
  });
});
