import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { createBookingSchema } from "../shared/booking.ts";
import type { EngagementView } from "../shared/engagement.ts";
import type { DatabaseSchema } from "./db/schema.ts";
import type { BookingsTable } from "./db/tables/bookings.ts";

// docs/product.md §12 Engagement: the booking's times, meeting point and protected person as the
// bookings, operator and operatives features store and show them (shared here, as features never
// import each other), and the calendar entry's sequence (ADR 182).

type EngagementColumns = Pick<
  BookingsTable,
  "start_clock" | "end_clock" | "meeting_point" | "principal_name" | "principal_codename" | "principal_phone" | "principal_direct_contact"
>;

/** The columns of a validated request (docs/product.md §12; empty text is stored as nothing). */
export function engagementColumns(input: z.output<typeof createBookingSchema>): EngagementColumns {
  const principal = input.principal;
  return {
    start_clock: input.startTime ?? null,
    end_clock: input.endTime ?? null,
    meeting_point: input.meetingPoint || null,
    principal_name: principal?.name ?? null,
    principal_codename: principal?.codename ?? null,
    principal_phone: principal?.phone ?? null,
    principal_direct_contact: principal ? (principal.directContact ? 1 : 0) : null,
  };
}

/**
 * The engagement as one reader sees it. ADR 181: `showName` comes from the access policy's
 * "principal" action (owner, staff, assigned operatives); everyone else, and every mail, calendar
 * file and log, gets the codename only.
 */
export function engagementView(row: EngagementColumns, showName: boolean): EngagementView {
  return {
    startTime: row.start_clock,
    endTime: row.end_clock,
    meetingPoint: row.meeting_point,
    principal:
      row.principal_phone === null
        ? null
        : {
            name: showName ? row.principal_name : null,
            codename: row.principal_codename,
            phone: row.principal_phone,
            directContact: Number(row.principal_direct_contact) === 1,
          },
  };
}

/**
 * ADR 182: raises the booking's calendar SEQUENCE inside the transition's own transaction and
 * answers the new value, so each mail that changes the booking carries a higher one than the last.
 */
export async function nextCalendarSequence(db: Kysely<DatabaseSchema>, bookingId: string): Promise<number> {
  const row = await db
    .updateTable("bookings")
    .set({ calendar_sequence: sql<number>`calendar_sequence + 1` })
    .where("id", "=", bookingId)
    .returning("calendar_sequence")
    .executeTakeFirst();
  return Number(row?.calendar_sequence ?? 0);
}
