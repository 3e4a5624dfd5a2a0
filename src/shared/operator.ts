import type { BuyerVat } from "./buyer-vat.ts";
import type { EngagementView } from "./engagement.ts";
import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import type { BookingView, CatalogueService } from "./booking.ts";
import { carChoices, carClasses, timesOfDay } from "./booking.ts";
import { roles } from "./roles.ts";
import { bookingStatuses } from "./booking-lifecycle.ts";
import type { BookingStatus as OperatorBookingStatus } from "./booking-lifecycle.ts";
import { serviceTypes } from "./service-types.ts";
import type { CustomerTeam, IncidentView, RatingView } from "./operatives.ts";
import { multiLinePattern, singleLinePattern } from "./text.ts";

// The operator console's contract (ADR 070), written once for the console's forms, the
// /api/admin validators and the response types. Money is in euros here and cents in the
// database; calendar days are 'YYYY-MM-DD' operator days (ADR 050).

/** The statuses the console shows and filters by: the lifecycle's own (ADR 090). */
export { bookingStatuses } from "./booking-lifecycle.ts";
export type { BookingStatus as OperatorBookingStatus } from "./booking-lifecycle.ts";

/** The marketing promise (docs/product.md §1): a reply to every request within 24 hours. */
export const replyPromiseHours = 24;
export const queuePageLimit = { default: 50, maximum: 100 } as const;

const oneLine = (max: number) => z.string().trim().max(max).regex(singleLinePattern, "Unsupported characters");
const calendarDay = calendarDaySchema();
/** Euros with at most two decimals, as typed in a form. */
const euros = z
  .number()
  .nonnegative()
  .max(10_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "At most two decimals");

/** GET /api/admin/bookings query. */
export const bookingQueueQuerySchema = z
  .object({
    status: z.enum(bookingStatuses).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    serviceType: z.enum(serviceTypes).optional(),
    q: oneLine(100).optional(),
    /** docs/product.md §12: "us" keeps the bookings whose customer wrote and waits for our answer. */
    waiting: z.enum(["us"]).optional(),
    /** Waiting time (oldest request first, the default) or how soon the service starts. */
    sort: z.enum(["waiting", "start"]).default("waiting"),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(queuePageLimit.maximum).default(queuePageLimit.default),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "The end is before the start" });
export type BookingQueueQuery = z.input<typeof bookingQueueQuerySchema>;

export type QueueBooking = {
  id: string;
  status: OperatorBookingStatus;
  /** ADR 225: until when a `payment_needed` booking waits for its money (null otherwise). */
  paymentDueAt: string | null;
  customerName: string;
  customerEmail: string | null;
  /** The place in the reader's language (ADR 113). */
  location: string;
  /** ISO 3166-1 code of the place's country, null when the place names none. */
  countryCode: string | null;
  /** The first service's type (the booking's `service_type`); filters and reports use every line's. */
  serviceType: (typeof serviceTypes)[number];
  /** Every service's catalogue id, in the booking's order: the queue and the heading name them all. */
  serviceIds: string[];
  startDate: string;
  endDate: string;
  guardCount: number;
  /** Cents, VAT included (docs/money.md). */
  totalCents: number;
  /** The VAT part of the total, in cents. */
  vatCents: number;
  /** ADR 222: the buyer the booking was priced for; ADR 246: which VAT words its price carries. */
  buyerVat: BuyerVat;
  createdAt: string;
  /** created_at + 24 h: when the reply promise runs out. */
  replyDueAt: string;
  /** Operatives who accepted, against the guards booked: "fully staffed" only when enough accepted. */
  acceptedCount: number;
  /** docs/product.md §12: the thread's messages from the customer this operator has not read. */
  unreadMessages: number;
  /** When the oldest of what waits for us began (an unanswered message, a pending change request); null when nothing does. */
  messagesWaitingSince: string | null;
  /** messagesWaitingSince + 24 h: the reply promise for the customer's message or request. */
  messageReplyDueAt: string | null;
  /** ADR 181: a booking for someone else, by codename only (null when the customer gave none). */
  principal: { codename: string | null } | null;
};
export type BookingQueuePage = { bookings: QueueBooking[]; nextCursor: string | null };

export type AuditEntry = {
  id: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** ADR 161: an assignment is offered, then accepted or declined; an offer left unanswered past its deadline is released. */
export const assignmentStates = ["offered", "accepted", "declined", "released"] as const;
export type AssignmentState = (typeof assignmentStates)[number];

export type AssignmentView = {
  operativeId: string;
  name: string;
  phone: string;
  lead: boolean;
  state: AssignmentState;
  /** When an offer must be answered by (null for assignments made before offers existed). */
  respondBy: string | null;
  respondedAt: string | null;
  declineReason: string | null;
};

/** Why an operative cannot take a booking (ADR 162); the console words it in the operator's language. */
export const assignmentRefusals = ["inactive", "already_assigned", "licence_expires", "overlap", "rest_time"] as const;
export type AssignmentRefusal = (typeof assignmentRefusals)[number];

/** GET /api/admin/bookings/:id/eligibility: every active operative and whether they can take the booking. */
export type OperativeEligibility = {
  operativeId: string;
  name: string;
  eligible: boolean;
  refusal: AssignmentRefusal | null;
  /** The licence's last day, or the other booking's days (YYYY-MM-DD), for the explanation. */
  date: string | null;
  otherLocation: string | null;
  otherStartDate: string | null;
  otherEndDate: string | null;
  /** Hours between the two assignments when the rest time is too short. */
  restHours: number | null;
};

export type AdminBookingDetail = Omit<QueueBooking, "principal"> &
  EngagementView & {
    services: BookingView["services"];
    customerNote: string | null;
    operatorNote: string | null;
    declineReason: string | null;
    confirmedAt: string | null;
    declinedAt: string | null;
    cancelledAt: string | null;
    language: string;
    timeOfDay: string | null;
    customer: {
      userId: string;
      fullName: string;
      email: string;
      phoneNumber: string;
      address: string;
      city: string;
      country: string;
      postalCode: string;
      language: string;
    } | null;
    idVerification: { id: string; type: string; status: string; createdAt: string; reviewedAt: string | null } | null;
    emergencyContacts: { name: string; phone: string; email: string }[];
    assignments: AssignmentView[];
    audit: AuditEntry[];
    /** Why an operator cancelled. */
    cancelReason: string | null;
    /** Whether the lead accepted, and the lead's status during the service (docs/operatives.md). */
    team: CustomerTeam;
    incidents: IncidentView[];
    rating: RatingView | null;
  };

/** POST /api/admin/bookings/:id/confirm: an optional adjusted total and a note the customer sees. */
export const confirmBookingSchema = z.object({
  adjustedTotal: euros.optional(),
  note: z.string().trim().max(1000).regex(multiLinePattern, "Unsupported characters").optional(),
});
/** ADR 226: more time for a customer whose charge at confirmation failed, in hours from now. */
export const extendPaymentDeadlineSchema = z.object({ hours: z.number().int().min(1).max(720) });
export const declineBookingSchema = z.object({
  reason: z.string().trim().min(1, "Please give a reason").max(1000).regex(multiLinePattern, "Unsupported characters"),
});
/** An operator's cancellation always says why (the customer's mail and the history show it). */
export const cancelBookingSchema = z.object({
  reason: z.string().trim().min(1, "Please give a reason").max(1000).regex(multiLinePattern, "Unsupported characters"),
});

export const operativeSkills = ["close_protection", "driver", "residential", "event", "first_aid", "k9"] as const;

/** POST/PUT /api/admin/operatives. */
export const operativeSchema = z.object({
  name: oneLine(120).min(1, "Please enter a name"),
  phone: oneLine(40).regex(/^\+?[0-9 ()-]{5,}$/, "Please enter a phone number"),
  licenceNumber: oneLine(60).min(1, "Please enter the licence number"),
  licenceExpiresOn: calendarDay,
  languages: z
    .array(z.string().regex(/^[a-z]{2,3}$/, "Use language codes such as sv or en"))
    .max(20)
    .default([]),
  skills: z.array(z.enum(operativeSkills)).max(operativeSkills.length).default([]),
  active: z.boolean().default(true),
});
export type OperativeInput = z.input<typeof operativeSchema>;
export type Operative = z.output<typeof operativeSchema> & {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** Where the invitation went and when (ADR 160); null until invited. */
  invitedEmail: string | null;
  invitedAt: string | null;
};

/** POST /api/admin/bookings/:id/assignments: operatives to add; at most one is the lead. */
export const assignOperativesSchema = z
  .object({
    operatives: z
      .array(z.object({ operativeId: z.string().min(1).max(64), lead: z.boolean().default(false) }))
      .min(1, "Choose at least one operative")
      .max(20),
  })
  .refine((value) => value.operatives.filter((entry) => entry.lead).length <= 1, {
    path: ["operatives"],
    message: "Only one operative can be the lead",
  })
  .refine((value) => new Set(value.operatives.map((entry) => entry.operativeId)).size === value.operatives.length, {
    path: ["operatives"],
    message: "An operative is listed twice",
  });

/** The lead operative the customer sees once the lead accepted (first name, photo and phone only; ADR 161). */
export type AssignedLead = { firstName: string; phone: string; photoUrl: string | null };

export const idVerificationStatuses = ["pending", "approved", "rejected"] as const;
export const idReviewQuerySchema = z.object({ status: z.enum(idVerificationStatuses).default("pending") });
export const rejectIdSchema = z.object({
  reason: z.string().trim().min(1, "Please give a reason").max(500).regex(multiLinePattern, "Unsupported characters"),
});
export type IdReviewItem = {
  id: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  type: string;
  status: (typeof idVerificationStatuses)[number];
  contentType: string | null;
  fileSize: number | null;
  hasFile: boolean;
  rejectionReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
};

const multiplier = z.number().positive().max(100);

/** PUT /api/admin/services/:id: every field of docs/product.md §3 services; prices in euros. */
export const serviceEditSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Lower-case letters, digits and dashes"),
    title: oneLine(120).min(1, "Please enter a title"),
    description: z.string().trim().min(1, "Please enter a description").max(4000).regex(multiLinePattern, "Unsupported characters"),
    type: z.enum(serviceTypes),
    basePrice: euros.refine((value) => value > 0, "The price must be above zero"),
    originalPrice: euros.nullable(),
    priceUnit: oneLine(40).min(1),
    guardMultiplier: z.boolean(),
    minGuards: z.number().int().min(1).max(50),
    maxGuards: z.number().int().min(1).max(50),
    durationOptions: z.record(z.string().regex(/^\d{1,2}h$/, "Durations look like 6h"), multiplier),
    styleOptions: z.array(oneLine(30).min(1)).max(10),
    carOptions: z
      .object(Object.fromEntries(carChoices.map((key) => [key, multiplier])) as Record<(typeof carChoices)[number], typeof multiplier>)
      .nullable(),
    carPrices: z
      .object(Object.fromEntries(carClasses.map((key) => [key, multiplier])) as Record<(typeof carClasses)[number], typeof multiplier>)
      .nullable(),
    timeOfDayPrices: z
      .object(Object.fromEntries(timesOfDay.map((key) => [key, multiplier])) as Record<(typeof timesOfDay)[number], typeof multiplier>)
      .nullable(),
    sortOrder: z.number().int().min(0).max(10_000),
  })
  .refine((value) => value.minGuards <= value.maxGuards, { path: ["maxGuards"], message: "At least the minimum" });
export type ServiceEditInput = z.input<typeof serviceEditSchema>;
/** A service as the editor reads it: the catalogue entry plus its place in the list. */
export type EditableService = CatalogueService & { sortOrder: number };

/** POST /api/admin/users/:id/role (admins only). */
export const roleGrantSchema = z.object({ role: z.enum(roles) });

/** PUT /api/admin/policy (admins only): operators must sign in with two-factor authentication. */
export const staffPolicySchema = z.object({ operatorTwoFactorRequired: z.boolean() });
export type StaffPolicy = z.output<typeof staffPolicySchema>;
