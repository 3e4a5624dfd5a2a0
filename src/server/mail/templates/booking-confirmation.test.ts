import { describe, expect, it } from "vitest";
import type { BookingView } from "../../../shared/booking.ts";
import { renderBookingConfirmationMail } from "./booking-confirmation.ts";

// ADR 209: the confirmation mail words a service's options with the booking page's own texts
// (src/shared/booking-option-texts.ts), so the customer reads in the mail what they chose on the page.

const booking: BookingView = {
  id: "5f0c6a5e-1d9b-4a57-9a43-3c0c1b7f6a10",
  location: "Göteborg, Sweden",
  startDate: "2026-07-15",
  endDate: "2026-07-17",
  totalDays: 3,
  status: "pending",
  totalCents: 90000,
  vatCents: 18000,
  buyerVat: "consumer",
  customerName: "Anna Svensson",
  createdAt: "2026-07-01T10:20:30.456Z",
  services: [
    {
      serviceId: "svc-bodyguard",
      serviceType: "vip_outdoor",
      title: "VIP Bodyguard",
      description: "Close protection",
      options: { guards: 2, days: 3, timeOfDay: "day_night", duration: "12h", style: "Formal", car: "with_car", carClass: "S-class" },
      dailyPriceCents: 20000,
      totalCents: 60000,
      vatCents: 12000,
      vatRateBasisPoints: 2500,
    },
    {
      serviceId: "svc-driver",
      serviceType: "vip_driver",
      title: "VIP Security Driver",
      description: "A trained security driver",
      options: { guards: 1, days: 3, car: "without_car" },
      dailyPriceCents: 10000,
      totalCents: 30000,
      vatCents: 6000,
      vatRateBasisPoints: 2500,
    },
  ],
};
const input = { booking, supportEmail: "support@example.test", appUrl: "https://nordicshield.test", now: new Date("2026-07-01T12:00:00Z") };

describe("booking confirmation mail", () => {
  it("words the options as the booking page does, in English and Swedish", async () => {
    const english = await renderBookingConfirmationMail({ ...input, language: "en" });
    expect(english.text).toContain("- VIP Bodyguard: 2 guards · Day & Night · 12 hours per day · Formal · With car (S-Class);");
    expect(english.text).toContain("- VIP Security Driver: 1 guard · Without car;");
    const swedish = await renderBookingConfirmationMail({ ...input, language: "sv" });
    expect(swedish.text).toContain("- VIP-livvakt: 2 väktare · Dag och natt · 12 timmar per dag · Formell · Med bil (S-klass);");
    expect(swedish.text).toContain("- VIP-säkerhetschaufför: 1 väktare · Utan bil;");
    expect(swedish.html).toContain("2 väktare · Dag och natt · 12 timmar per dag · Formell · Med bil (S-klass)");
  });

  it("writes the subject and the dates in the mail's language", async () => {
    const swedish = await renderBookingConfirmationMail({ ...input, language: "sv" });
    expect(swedish.subject).toBe("Bokning 5F0C6A5E mottagen, inväntar bekräftelse: Göteborg, Sweden");
    expect(swedish.text).toContain("Datum: ons 15 juli 2026 – fre 17 juli 2026 (3 dagar)");
    const english = await renderBookingConfirmationMail({ ...input, language: "en" });
    expect(english.subject).toBe("Booking 5F0C6A5E received, awaiting confirmation: Göteborg, Sweden");
  });
});
