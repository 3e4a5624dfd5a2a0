import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import type { TFunction } from "../../lib/i18n.ts";

// docs/product.md §2 BOOKINGS card facts: Guards, Time (time of day, '_' as ' & ', upper case), Style,
// Vehicle ('_' as a space, upper case) and Duration per day. A fact the booking does not have
// (a residential booking has no vehicle) is left out rather than shown empty.

export type BookingFact = { key: string; label: string; value: string };

export function bookingFacts(booking: CustomerBooking, t: TFunction): BookingFact[] {
  const facts: BookingFact[] = [{ key: "guards", label: t("guards"), value: String(booking.guardCount) }];
  if (booking.timeOfDay) {
    facts.push({
      key: "time",
      label: t("time"),
      value: t(`timeOfDay.${booking.timeOfDay}`, { defaultValue: booking.timeOfDay.replaceAll("_", " & ").toUpperCase() }),
    });
  }
  if (booking.style) facts.push({ key: "style", label: t("style"), value: t(`styles.${booking.style}`, { defaultValue: booking.style }) });
  if (booking.car) {
    facts.push({
      key: "vehicle",
      label: t("vehicle"),
      value: t(`vehicleValue.${booking.car}`, { defaultValue: booking.car.replaceAll("_", " ").toUpperCase() }),
    });
  }
  if (booking.duration) {
    const hours = Number.parseInt(booking.duration, 10);
    facts.push({
      key: "duration",
      label: t("durationPerDay"),
      value: Number.isFinite(hours) ? t("hours", { count: hours }) : booking.duration,
    });
  }
  return facts;
}
