import type { z } from "zod";
import type { assignOperativesSchema } from "../../../shared/operator.ts";
import { operatorToday } from "../../../shared/time.ts";
import type { AppServices } from "../../app-env.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { assignOperatives } from "./assignments-service.ts";

// docs/series.md: operatives assigned to a whole recurring series at once. Each occurrence is a
// booking, so each gets the very offer, checks (licence, overlap, rest) and deadline of a single
// assignment (ADR 161); an occurrence an operative cannot take is named in the answer and the rest
// are offered. One occurrence alone is assigned as any booking is.

export type SeriesAssignmentResult = { assigned: string[]; refused: { day: string; reason: string }[] };

export async function assignSeriesOperatives(
  deps: AppDependencies,
  services: Pick<AppServices, "clock" | "events">,
  actor: SignedInUser,
  seriesId: string,
  input: z.output<typeof assignOperativesSchema>,
): Promise<SeriesAssignmentResult> {
  const db = deps.database.db;
  const today = operatorToday(services.clock.now());
  const occurrences = await db
    .selectFrom("booking_series_occurrences")
    .innerJoin("bookings", "bookings.id", "booking_series_occurrences.booking_id")
    .select(["bookings.id", "bookings.start_date"])
    .where("booking_series_occurrences.series_id", "=", seriesId)
    .where("booking_series_occurrences.cancelled", "=", 0)
    .where("bookings.status", "in", ["pending", "confirmed"])
    .where("bookings.start_date", ">=", today)
    .orderBy("bookings.start_date")
    .execute();
  if (occurrences.length === 0) throw notFound("noSuchBooking");
  const result: SeriesAssignmentResult = { assigned: [], refused: [] };
  for (const occurrence of occurrences) {
    try {
      await assignOperatives(deps, services, actor, occurrence.id, input);
      result.assigned.push(occurrence.start_date);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      result.refused.push({ day: occurrence.start_date, reason: error.message });
    }
  }
  return result;
}
