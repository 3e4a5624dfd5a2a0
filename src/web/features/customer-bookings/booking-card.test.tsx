import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { BookingLine } from "../../../shared/booking.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { i18n } from "../../lib/i18n.ts";
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
  lead: null,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("booking card", () => {
  it("shows each booked service with its own guards, hours and car class", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <BookingCard booking={booking} past={false} guardNotice={false} />
      </MemoryRouter>,
    );
    const sections = html.split('data-testid="booking-card-service"').slice(1).map(text);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain("VIP Security Driver");
    expect(sections[0]).toContain("Guards 1");
    expect(sections[0]).toContain("Duration per day 18 hours");
    expect(sections[0]).toContain("Vehicle WITH CAR · S-CLASS");
    expect(sections[1]).toContain("VIP Bodyguard");
    expect(sections[1]).toContain("Guards 2");
    expect(sections[1]).toContain("Duration per day 24 hours");
    expect(sections[1]).not.toContain("18 hours");
    expect(sections[1]).not.toContain("Vehicle");
  });

  it("prints the price with the one money formatter, its VAT part, and the day in the British order", () => {
    const html = text(
      renderToStaticMarkup(
        <MemoryRouter>
          <BookingCard booking={booking} past={false} guardNotice={false} />
        </MemoryRouter>,
      ),
    );
    expect(html).toContain("€1,497.50");
    expect(html).toContain("incl. VAT 25%: €299.50");
    expect(html).toContain("Sat, 5 Dec 2026");
  });

  it("names each service and its options in Swedish on Swedish pages", () => {
    const services = bookedServices(booking, i18n.getFixedT("sv", customerBookingsNamespace), "sv");
    expect(services.map((service) => service.title)).toEqual(["VIP-säkerhetschaufför", "VIP-livvakt"]);
    expect(services[0]?.facts.find((fact) => fact.key === "vehicle")?.value).toBe("MED BIL · S-CLASS");
    expect(services[1]?.facts.find((fact) => fact.key === "duration")?.value).toBe("24 timmar");
  });
});
