import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import {
  bookingLineSchema,
  checkEngagementTimes,
  clockTime,
  maximumServicesPerBooking,
  selectedServiceSchema,
  type BookingLine,
} from "./booking.ts";
import { multiLinePattern, singleLinePattern } from "./text.ts";

// docs/product.md §12 Engagement (versions and requests), ADR 187, 188: an operator's proposal of a
// changed booking (a quote version the customer approves or declines) and a customer's request for
// a change (which an operator accepts or declines). One schema per concept, used by the forms and
// the server.

const calendarDay = calendarDaySchema({ format: "Select a date", missing: "Select a date" });
const reason = z.string().trim().min(1, "Please give a reason").max(1000).regex(multiLinePattern, "Unsupported characters");

/** The booking's pricing input a version was priced from: the same shape as a booking's (ADR 187). */
export const versionInputSchema = z.object({
  startDate: calendarDay,
  endDate: calendarDay.optional(),
  services: z.array(selectedServiceSchema).min(1, "Choose at least one service").max(maximumServicesPerBooking),
});
export type VersionInput = z.output<typeof versionInputSchema>;

/** The proposal's fields; proposeVersionSchema adds the times' check across fields. */
export const proposeVersionFields = versionInputSchema.extend({
  // ADR 180, 193: new Stockholm clock times of the first day's start and the last day's end, given
  // together; absent, the version keeps the booking's.
  startTime: clockTime.optional(),
  endTime: clockTime.optional(),
  adjustedTotal: z.number().nonnegative().max(10_000_000).multipleOf(0.01).optional(),
  reason,
});

/**
 * POST /api/admin/bookings/:id/versions: a changed booking (dates, times, services added or
 * removed, guards per service) priced by the pricing engine, with an optional total the operator
 * sets (euros, VAT included), and the reason the customer reads. Times given must fit the
 * services' band and hours per day (the booking's own rule, ADR 180); the server checks the
 * booking's times against changed services the same way (ADR 193).
 */
export const proposeVersionSchema = proposeVersionFields.superRefine(checkEngagementTimes);
export type ProposeVersionInput = z.input<typeof proposeVersionSchema>;

/** The customer's decline of a proposed version may say why. */
export const declineVersionSchema = z.object({
  reason: z.string().trim().max(1000).regex(multiLinePattern, "Unsupported characters").optional(),
});

/**
 * POST /api/bookings/:id/change-requests: new dates, new times (ADR 193), another meeting point
 * (free text), services to add, and a message; at least one change. Times given must fit the
 * services added (here) and the booking's own services (the server, with the same rule).
 */
export const changeRequestSchema = z
  .object({
    startDate: calendarDay.optional(),
    endDate: calendarDay.optional(),
    startTime: clockTime.optional(),
    endTime: clockTime.optional(),
    meetingPoint: z.string().trim().max(200).regex(singleLinePattern, "Unsupported characters").optional(),
    addServices: z.array(selectedServiceSchema).max(maximumServicesPerBooking).optional(),
    message: z.string().trim().max(1000).regex(multiLinePattern, "Unsupported characters").optional(),
  })
  .refine((value) => value.startDate || value.startTime || value.endTime || value.meetingPoint || (value.addServices?.length ?? 0) > 0, {
    path: ["startDate"],
    message: "Choose new dates or times, a meeting point or a service to add",
  })
  .refine((value) => !value.endDate || !value.startDate || value.endDate >= value.startDate, {
    path: ["endDate"],
    message: "The end date must be on or after the start date.",
  })
  .superRefine((value, context) => checkEngagementTimes({ ...value, services: value.addServices ?? [] }, context));
export type ChangeRequestInput = z.output<typeof changeRequestSchema>;

/** An operator declines a customer's request with a reason. */
export const declineRequestSchema = z.object({ reason });

/** What a version stores (booking_versions.snapshot): its input, the priced period and lines. */
export const versionSnapshotSchema = z.object({
  input: versionInputSchema.passthrough(),
  startDate: z.string(),
  endDate: z.string(),
  totalDays: z.number().int().positive(),
  location: z.string(),
  meetingPoint: z.string().nullable().optional(),
  // ADR 180: the booking's Stockholm clock times; a version written before they existed has none.
  startTime: z.string().nullable().optional(),
  endTime: z.string().nullable().optional(),
  lines: z.array(bookingLineSchema),
});
export type VersionSnapshot = z.output<typeof versionSnapshotSchema>;

export const versionStatuses = ["approved", "proposed", "declined", "superseded"] as const;
export type VersionStatus = (typeof versionStatuses)[number];
export const requestStatuses = ["pending", "accepted", "declined"] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export type QuoteVersionView = {
  id: string;
  number: number;
  status: VersionStatus;
  /** The version the booking is now: the latest approved one. */
  current: boolean;
  totalCents: number;
  vatCents: number;
  startDate: string;
  endDate: string;
  totalDays: number;
  location: string;
  meetingPoint: string | null;
  /** Stockholm clock times of the first day's start and the last day's end (ADR 180); null when the booking has none. */
  startTime: string | null;
  endTime: string | null;
  lines: BookingLine[];
  reason: string | null;
  changeRequestId: string | null;
  proposedBy: "customer" | "operator";
  createdAt: string;
  decidedAt: string | null;
  declineReason: string | null;
};

export type ChangeRequestView = {
  id: string;
  status: RequestStatus;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  meetingPoint: string | null;
  addServices: { serviceId: string; guards: number }[];
  message: string | null;
  createdAt: string;
  decidedAt: string | null;
  declineReason: string | null;
  /** The version an accepted request led to (waiting for approval when its total changed). */
  versionId: string | null;
};

/** GET /api/bookings/:id/changes and GET /api/admin/bookings/:id/changes. */
export type BookingChanges = { versions: QuoteVersionView[]; requests: ChangeRequestView[] };

/** The proposal waiting for the customer, if any, and the current version it would replace. */
export function pendingProposal(changes: BookingChanges): { proposed: QuoteVersionView; current: QuoteVersionView | null } | null {
  const proposed = changes.versions.find((version) => version.status === "proposed");
  if (!proposed) return null;
  return { proposed, current: changes.versions.find((version) => version.current) ?? null };
}
