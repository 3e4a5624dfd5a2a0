import type { Kysely } from "kysely";
import type { IncidentView } from "../../../shared/operatives.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { appendEvent } from "../../events/events-repo.ts";
import { incidentsOfBooking } from "../../assigned-leads.ts";

// ADR 165: operators review the lead's incident reports and may share one with the customer, who
// then sees it on the booking; the customer's ratings of completed bookings, per booking and per
// operative (docs/operatives.md).

type Db = Kysely<DatabaseSchema>;

/** Marks a report reviewed and, with `share`, shows it to the customer (once; sharing cannot be undone, the customer may have read it). */
export async function reviewIncident(
  deps: AppDependencies,
  services: Pick<AppServices, "clock" | "events">,
  actor: SignedInUser,
  incidentId: string,
  share: boolean,
): Promise<IncidentView> {
  const now = services.clock.now().toISOString();
  const bookingId = await deps.database.db.transaction().execute(async (trx) => {
    const incident = await trx.selectFrom("incident_reports").selectAll().where("id", "=", incidentId).executeTakeFirst();
    if (!incident) throw notFound("noSuchIncidentReport");
    if (share && incident.shared_at) throw HttpError.because(409, "invalid_transition", "reportAlreadyShared");
    await trx
      .updateTable("incident_reports")
      .set({ reviewed_at: incident.reviewed_at ?? now, ...(share && { shared_at: now }) })
      .where("id", "=", incidentId)
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: share ? "incident.share" : "incident.review",
        subjectType: "booking",
        subjectId: incident.booking_id,
        before: { incident: incidentId, reviewed: incident.reviewed_at !== null, shared: incident.shared_at !== null },
        after: { incident: incidentId, reviewed: true, shared: share || incident.shared_at !== null },
      },
      now,
    );
    if (share) {
      await appendEvent(
        trx,
        deps.database.engine,
        {
          type: "booking.incident_shared",
          bookingId: incident.booking_id,
          actorUserId: actor.id,
          actorRole: actor.role ?? "operator",
          payload: { incident: incidentId },
        },
        now,
      );
    }
    return incident.booking_id;
  });
  services.events.wake();
  const incident = (await incidentsOfBooking(deps.database.db, bookingId)).find((entry) => entry.id === incidentId);
  if (!incident) throw notFound("noSuchIncidentReport");
  return incident;
}

/** The ratings of the bookings an operative worked (accepted), newest first, with their average. */
export async function ratingsOfOperative(db: Db, operativeId: string) {
  const operative = await db.selectFrom("operatives").select("id").where("id", "=", operativeId).executeTakeFirst();
  if (!operative) throw notFound("noSuchOperative");
  const rows = await db
    .selectFrom("booking_ratings")
    .innerJoin("booking_assignments", "booking_assignments.booking_id", "booking_ratings.booking_id")
    .innerJoin("bookings", "bookings.id", "booking_ratings.booking_id")
    .select([
      "booking_ratings.booking_id",
      "booking_ratings.stars",
      "booking_ratings.comment",
      "booking_ratings.created_at",
      "bookings.start_date",
      "bookings.location",
    ])
    .where("booking_assignments.operative_id", "=", operativeId)
    .where("booking_assignments.state", "=", "accepted")
    .orderBy("booking_ratings.created_at", "desc")
    .limit(100)
    .execute();
  const ratings = rows.map((row) => ({
    bookingId: row.booking_id,
    stars: Number(row.stars),
    comment: row.comment,
    createdAt: row.created_at,
    startDate: row.start_date,
    location: row.location,
  }));
  const average = ratings.length ? Math.round((ratings.reduce((sum, rating) => sum + rating.stars, 0) / ratings.length) * 10) / 10 : null;
  return { average, count: ratings.length, ratings };
}
