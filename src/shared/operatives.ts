import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { emailSchema } from "./account.ts";
import { languages } from "./languages.ts";
import type { AssignmentState } from "./operator.ts";
import { multiLinePattern, singleLinePattern } from "./text.ts";

// The operatives' side (docs/operatives.md): the contract of the operative's own area
// (/api/operative), the operator's invitations, board, audit log, incident review and ratings,
// and the customer's view of the team. One schema per concept (ADR 027).

const reasonText = (max: number) =>
  z.string().trim().min(1, "Please give a reason").max(max).regex(multiLinePattern, "Unsupported characters");

/** POST /api/admin/operatives/:id/invite: where the invitation goes, in which language. */
export const inviteOperativeSchema = z.object({ email: emailSchema, language: z.enum(languages).default("en") });
export type InviteOperativeInput = z.input<typeof inviteOperativeSchema>;

/** POST /api/operative/assignments/:id/decline. */
export const declineAssignmentSchema = z.object({ reason: reasonText(500) });

/** ADR 163: the lead's status during the service, each once and in this order. */
export const operativeStatuses = ["on_the_way", "on_duty", "completed"] as const;
export type OperativeStatus = (typeof operativeStatuses)[number];
export const operativeStatusSchema = z.object({ status: z.enum(operativeStatuses) });

/** The times the lead marked, as the customer and the operators see them. */
export type ServiceProgress = { onTheWayAt: string | null; onDutyAt: string | null; completedAt: string | null };

/** ADR 165: an incident's severity, green (noted) to red (operators alerted at once). */
export const incidentSeverities = ["green", "amber", "red"] as const;
export type IncidentSeverity = (typeof incidentSeverities)[number];
export const incidentReportSchema = z.object({
  occurredAt: z.iso.datetime({ offset: true }),
  severity: z.enum(incidentSeverities),
  text: z.string().trim().min(1, "Please describe what happened").max(4000).regex(multiLinePattern, "Unsupported characters"),
});
export type IncidentReportInput = z.input<typeof incidentReportSchema>;

export type IncidentView = {
  id: string;
  occurredAt: string;
  severity: IncidentSeverity;
  text: string;
  operativeName: string;
  reviewedAt: string | null;
  sharedAt: string | null;
  createdAt: string;
};

/** What the customer sees of a shared incident (no operative's full name). */
export type SharedIncident = Pick<IncidentView, "id" | "occurredAt" | "severity" | "text">;

/** POST /api/bookings/:id/rating: once the booking is completed. */
export const ratingSchema = z.object({
  stars: z.number().int().min(1, "From 1 to 5 stars").max(5, "From 1 to 5 stars"),
  comment: z.string().trim().max(2000).regex(multiLinePattern, "Unsupported characters").optional(),
});
export type RatingInput = z.input<typeof ratingSchema>;
export type RatingView = { stars: number; comment: string | null; createdAt: string };

/** The lead the customer meets: first name, photo (from the operative's profile) and phone, once the lead accepts. */
export type TeamLead = { firstName: string; phone: string; photoUrl: string | null };

/** The customer's view of the team (docs/operatives.md): confirmed once the lead accepted. */
export type CustomerTeam = { confirmed: boolean; lead: TeamLead | null; progress: ServiceProgress };

/**
 * ADR 220: the operative's own roster record, as the operator keeps it: what the operative sees
 * under Profile and licence in /operative (the operator changes it; the licence must be valid on
 * every day of an assignment, ADR 162).
 */
export type MyOperativeRecord = {
  name: string;
  phone: string;
  email: string | null;
  licenceNumber: string;
  licenceExpiresOn: string;
  /** The licence runs out within 30 days (docs/product.md §13), or has. */
  licenceExpiringSoon: boolean;
  languages: string[];
  skills: string[];
};

/** One assignment in the operative's own list. */
export type MyAssignment = {
  id: string;
  bookingId: string;
  reference: string;
  state: AssignmentState;
  lead: boolean;
  respondBy: string | null;
  respondedAt: string | null;
  location: string;
  startDate: string;
  endDate: string;
  timeOfDay: string | null;
  serviceType: string;
  /** Every service's catalogue id, in the booking's order: the list names them all. */
  serviceIds: string[];
  bookingStatus: string;
  /** docs/series.md: the reference of the recurring series this booking is an occurrence of, or null. */
  seriesReference: string | null;
  /** Whether the brief can be read now (accepted, until 24 hours after the end). */
  briefOpen: boolean;
  progress: ServiceProgress;
  /** The booking's first instant. */
  startTime: string;
  /** ADR 218: from when the lead may mark each step (the booking's times and the configured windows). */
  stepsOpenAt: Record<OperativeStatus, string>;
  /** ADR 218: from when the lead may report incidents (the start, or on duty when marked earlier). */
  incidentsOpenAt: string;
};

/**
 * ADR 164: the brief, what the operative needs and nothing more. The principal and the meeting
 * point come from the engagement details once they exist; until then they are null and the place
 * and the customer's note stand in.
 */
export type AssignmentBrief = {
  assignment: MyAssignment;
  place: string;
  meetingPoint: string | null;
  /** docs/product.md §12: Stockholm 'HH:MM' of the first day's start and the last day's end, when given. */
  startClock: string | null;
  endClock: string | null;
  /** ADR 181: the real name (or the codename when none was given); the phone only when direct contact is allowed. */
  principal: { name: string | null; codename: string | null; phone: string | null } | null;
  /** The booked days 'YYYY-MM-DD' (first and last). */
  startDate: string;
  endDate: string;
  /** The real start and end with the customer's times (a night watch ends the morning after); else the booked days' bounds. */
  startTime: string;
  endTime: string;
  /** The title is the English one booked; the brief names the service in the reader's language by its id. */
  services: { serviceId: string; title: string; guards: number; days: number }[];
  team: { firstName: string; phone: string; lead: boolean; state: AssignmentState }[];
  emergencyContacts: { name: string; phone: string }[];
  customerNote: string | null;
  operatorNote: string | null;
  incidents: IncidentView[];
};

const calendarDay = calendarDaySchema();

/** GET /api/admin/board?week=YYYY-MM-DD (any day of the week; the board starts on its Monday). */
export const boardQuerySchema = z.object({ week: calendarDay });

export type BoardAssignment = {
  id: string;
  bookingId: string;
  reference: string;
  location: string;
  startDate: string;
  endDate: string;
  state: AssignmentState | "on_duty";
  lead: boolean;
  /** The booking has fewer accepted operatives than guards booked. */
  shortStaffed: boolean;
};

export type BoardRow = {
  operativeId: string;
  name: string;
  licenceExpiresOn: string;
  /** The licence runs out within 30 days of the board's first day (docs/product.md §13). */
  licenceExpiringSoon: boolean;
  assignments: BoardAssignment[];
};

export type BoardWeek = { weekStart: string; days: string[]; operatives: BoardRow[] };

/** GET /api/admin/audit: the whole console's log, filtered by person, kind and days. */
export const auditKinds = ["booking", "operative", "service", "user", "policy", "id_verification"] as const;
export const auditQuerySchema = z
  .object({
    actor: z.string().trim().max(200).regex(singleLinePattern).optional(),
    kind: z.enum(auditKinds).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "The end is before the start" });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export type AuditLogEntry = {
  id: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};
export type AuditLogPage = { entries: AuditLogEntry[]; nextCursor: string | null; actors: { id: string; email: string }[] };
