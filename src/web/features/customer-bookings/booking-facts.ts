import type { BookingLine } from "../../../shared/booking.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { type TFunction, isTranslationKey } from "../../lib/i18n.ts";
import { serviceTitle } from "./booking-format.ts";

// docs/product.md §2 BOOKINGS card facts: Guards, Time (time of day, '_' as ' & ', upper case), Style,
// Vehicle ('_' as a space, upper case, with the car class when one was chosen) and Duration per
// day — for each booked service on its own (docs/money.md: a booking is its lines). A bodyguard's
// 24 hours and a driver's 18 hours with an S-class car read as two services, never merged into
// one. A fact a service does not have (a residential service has no vehicle) is left out rather
// than shown empty.

export type BookingFact = { key: string; label: string; value: string };
export type BookedService = { key: string; title: string; facts: BookingFact[] };

export function serviceFacts(line: Pick<BookingLine, "options">, t: TFunction<"customerBookings">): BookingFact[] {
  const { options } = line;
  const facts: BookingFact[] = [{ key: "guards", label: t("guards"), value: String(options.guards) }];
  if (options.timeOfDay) {
    facts.push({
      key: "time",
      label: t("time"),
      value: t(`timeOfDay.${options.timeOfDay}`, { defaultValue: options.timeOfDay.replaceAll("_", " & ").toUpperCase() }),
    });
  }
  if (options.style) {
    // A style is catalogue data: one without wording here is shown as it is.
    const style = `styles.${options.style}`;
    facts.push({ key: "style", label: t("style"), value: isTranslationKey("customerBookings", style) ? t(style) : options.style });
  }
  if (options.car) {
    const car = t(`vehicleValue.${options.car}`, { defaultValue: options.car.replaceAll("_", " ").toUpperCase() });
    const withClass = options.car === "with_car" && options.carClass ? `${car} · ${options.carClass.toUpperCase()}` : car;
    facts.push({ key: "vehicle", label: t("vehicle"), value: withClass });
  }
  if (options.duration) {
    const hours = Number.parseInt(options.duration, 10);
    facts.push({
      key: "duration",
      label: t("durationPerDay"),
      value: Number.isFinite(hours) ? t("hours", { count: hours }) : options.duration,
    });
  }
  return facts;
}

/** Each booked service with its own facts, in the booking's order. */
export function bookedServices(
  booking: Pick<CustomerBooking, "services">,
  t: TFunction<"customerBookings">,
  language: string,
): BookedService[] {
  return booking.services.map((line, index) => ({
    key: `${line.serviceId}-${index}`,
    title: serviceTitle(line.serviceId, line.title, language),
    facts: serviceFacts(line, t),
  }));
}
