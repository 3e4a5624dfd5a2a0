import { randomUUID } from "node:crypto";
import { addDays, operatorToday } from "../../shared/time.ts";

/**
 * A valid POST /api/bookings body: one residential service, two guards at night for three days from
 * ten days ahead. Its fresh bookingId makes retries of the same body idempotent (ADR 051).
 */
export function bookingRequest() {
  const today = operatorToday(new Date());
  return {
    bookingId: randomUUID(),
    location: "Göteborg, Sweden",
    startDate: addDays(today, 10),
    endDate: addDays(today, 12),
    services: [{ serviceId: "svc-residential", options: { guards: 2, days: 3, timeOfDay: "night" } }],
    language: "en",
  };
}
