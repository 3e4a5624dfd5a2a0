import type { BuyerVat } from "./buyer-vat.ts";
import { companyBookingSchema } from "./company-booking.ts";
import type { BookingPaymentView } from "./payments.ts";
import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { maximumBookingDays } from "./booking-search.ts";
import { carChoices, carClasses, timesOfDay, type CarChoice, type CarClass, type TimeOfDay } from "./booking-options.ts";
import { defaultLanguage, languages } from "./languages.ts";
import { serviceTypes, type ServiceType } from "./service-types.ts";
import { multiLinePattern, singleLinePattern } from "./text.ts";
import type { BookingValidationMessageKey } from "./validation-messages.ts";
import type { BookingStatus } from "./booking-lifecycle.ts";
import { clockTimePattern, engagementTimesProblem, type EngagementView } from "./engagement.ts";

// docs/product.md §3 and §5: the booking contract shared by /secure-booking, the confirmation page and the
// server. The pricing engine (src/shared/pricing.ts) works on these types. Messages are
// translation keys (ADR 027): the booking page shows them in the visitor's language, the server
// answers their English.

const message = (key: BookingValidationMessageKey) => key;
const unsupportedCharacters = message("validation.unsupportedCharacters");

export { serviceTypes, type ServiceType } from "./service-types.ts";

// The option lists live in a zod-free module so the booking page can show its choices without
// loading zod (ADR 085); they are re-exported here, so every existing import still works.
export { carChoices, carClasses, timesOfDay, type CarChoice, type CarClass, type TimeOfDay } from "./booking-options.ts";

/** A catalogue entry as GET /api/services answers it; prices in whole euros per day. */
export type CatalogueService = {
  id: string;
  slug: string;
  title: string;
  description: string;
  type: ServiceType;
  basePrice: number;
  originalPrice: number | null;
  priceUnit: string;
  guardMultiplier: boolean;
  minGuards: number;
  maxGuards: number;
  durationOptions: Record<string, number>;
  styleOptions: string[];
  carOptions: Record<CarChoice, number> | null;
  carPrices: Record<CarClass, number> | null;
  timeOfDayPrices: Record<TimeOfDay, number> | null;
};

export { maximumBookingDays } from "./booking-search.ts";
export const maximumServicesPerBooking = 10;

export const serviceOptionsSchema = z.object({
  guards: z
    .number({ error: message("validation.guardsRequired") })
    .int(message("validation.guardsWhole"))
    .min(1, message("validation.guardsMinimum"))
    .max(10, message("validation.guardsMaximum")),
  days: z
    .number({ error: message("validation.daysRequired") })
    .int(message("validation.daysWhole"))
    .min(1, message("validation.daysMinimum"))
    .max(maximumBookingDays, message("validation.daysMaximum")),
  timeOfDay: z.enum(timesOfDay).optional(),
  duration: z.string().max(10).optional(),
  style: z.string().max(30).optional(),
  car: z.enum(carChoices).optional(),
  carClass: z.enum(carClasses).optional(),
});
export type ServiceOptions = z.infer<typeof serviceOptionsSchema>;

export const selectedServiceSchema = z.object({
  serviceId: z.string().min(1).max(64),
  options: serviceOptionsSchema,
});
export type SelectedService = z.infer<typeof selectedServiceSchema>;

const isoDate = calendarDaySchema({ format: message("validation.startDateRequired"), missing: message("validation.startDateRequired") });

/** A Stockholm wall-clock time 'HH:MM' (ADR 180). */
export const clockTime = z.string().regex(clockTimePattern, message("validation.timeFormat"));

/** docs/product.md §12, ADR 181: a note to the team is at most this long. */
export const maximumTeamNoteLength = 1000;

/**
 * ADR 181: the person protected when it is not the customer: a real name or a codename (at least
 * one), a phone and whether the team may call them directly. The real name is shown only to
 * the owner, operators and the booking's assigned operatives (the access policy, ADR 093).
 */
export const principalSchema = z
  .object({
    name: z.string().trim().max(100, message("validation.principalNameLong")).regex(singleLinePattern, unsupportedCharacters).optional(),
    codename: z.string().trim().max(40, message("validation.codenameLong")).regex(singleLinePattern, unsupportedCharacters).optional(),
    phone: z
      .string({ error: message("validation.principalPhoneInvalid") })
      .trim()
      .max(32, message("validation.principalPhoneInvalid"))
      .regex(/^\+?[\d\s\-()]{8,}$/, message("validation.principalPhoneInvalid")),
    directContact: z.boolean().default(false),
  })
  .strict()
  .transform(({ name, codename, ...rest }) => ({ ...rest, name: name || undefined, codename: codename || undefined }))
  .refine((principal) => principal.name !== undefined || principal.codename !== undefined, {
    message: message("validation.principalNameRequired"),
    path: ["codename"],
  });

/** The fields of a booking request; createBookingSchema adds the checks across fields. */
export const bookingRequestFields = z.object({
  bookingId: z.uuid(),
  location: z
    .string({ error: message("validation.locationRequired") })
    .trim()
    .min(1, message("validation.locationRequired"))
    .max(200, message("validation.locationLong"))
    .regex(singleLinePattern, unsupportedCharacters),
  startDate: isoDate,
  endDate: isoDate.optional(),
  services: z
    .array(selectedServiceSchema, { error: message("validation.serviceRequired") })
    .min(1, message("validation.serviceRequired"))
    .max(maximumServicesPerBooking, message("validation.servicesMaximum")),
  /** docs/product.md §12: the note to the team. */
  notes: z
    .string()
    .trim()
    .max(maximumTeamNoteLength, message("validation.noteLong"))
    .regex(multiLinePattern, unsupportedCharacters)
    .optional(),
  /** docs/product.md §12, ADR 180: Stockholm wall-clock times of the first day's start and the last day's end, given together. */
  startTime: clockTime.optional(),
  endTime: clockTime.optional(),
  /** docs/product.md §12: the meeting or pick-up point. */
  meetingPoint: z
    .string()
    .trim()
    .max(200, message("validation.meetingPointLong"))
    .regex(singleLinePattern, unsupportedCharacters)
    .optional(),
  /** docs/product.md §12, ADR 181: absent when the booking is for the customer. */
  principal: principalSchema.optional(),
  language: z.enum(languages).default(defaultLanguage),
  /**
   * docs/payments.md: the saved card that pays (a new card is saved first); beyond the provider's
   * longest hold the customer's consent to charge it on confirmation is required.
   */
  payment: z
    .union([
      z.object({ paymentMethodId: z.uuid(), chargeLaterConsent: z.boolean().optional() }).strict(),
      /** ADR 221: an approved business customer pays by invoice: no card, no hold. */
      z.object({ invoice: z.literal(true) }).strict(),
    ])
    .optional(),
  /** docs/companies.md: booked for a company the booker is a member of, with its cost centre and reference. */
  company: companyBookingSchema.optional(),
});

/**
 * ADR 225: the customer secures the money of a `payment_needed` booking with a saved card (the same
 * card through the bank's check, or another). `attemptId` names the attempt: sent again after the
 * bank's page, it finds the same payment.
 */
export const securePaymentSchema = z.object({ paymentMethodId: z.uuid(), attemptId: z.uuid() }).strict();
export type SecurePayment = z.infer<typeof securePaymentSchema>;

/**
 * ADR 244: the owner of a pending booking paid by invoice pays it by card instead, with a saved
 * card, held as at booking (`chargeLaterConsent` beyond the longest hold). `attemptId` names the
 * attempt, as for a needed payment: sent again after the bank's page, it finds the same hold.
 */
export const cardInsteadSchema = z
  .object({ paymentMethodId: z.uuid(), attemptId: z.uuid(), chargeLaterConsent: z.literal(true).optional() })
  .strict();
export type CardInstead = z.infer<typeof cardInsteadSchema>;

/**
 * ADR 180: both times or neither, and the times must fit the services' band and hours per day. The
 * one refinement of every schema that carries times (the booking, a proposed version, a change
 * request's form, ADR 193), so the rule has one home: engagementTimesProblem.
 */
export function checkEngagementTimes(
  request: { startTime?: string | undefined; endTime?: string | undefined; services: readonly SelectedService[] },
  context: z.RefinementCtx,
) {
  const { startTime, endTime } = request;
  if ((startTime === undefined) !== (endTime === undefined)) {
    context.addIssue({
      code: "custom",
      message: message("validation.timesTogether"),
      path: [startTime === undefined ? "startTime" : "endTime"],
    });
    return;
  }
  if (startTime === undefined || endTime === undefined) return;
  const problem = engagementTimesProblem(startTime, endTime, request.services);
  if (problem) context.addIssue({ code: "custom", message: message(problem), path: ["endTime"] });
}

/**
 * POST /api/bookings. Prices are never part of the request: the server computes them from the
 * catalogue (ADR 121). Dates are calendar days (YYYY-MM-DD); times Stockholm wall-clock 'HH:MM'.
 */
export const createBookingSchema = bookingRequestFields.superRefine(checkEngagementTimes);
/** The request without its id (the page checks its content before an id exists). */
export const bookingRequestContentSchema = bookingRequestFields.omit({ bookingId: true }).superRefine(checkEngagementTimes);
/** The engagement part with the services it must agree with, for the booking page's form (react-hook-form, ADR 180). */
export const engagementFieldsSchema = bookingRequestFields
  .pick({ startTime: true, endTime: true, meetingPoint: true, notes: true, principal: true, services: true })
  .superRefine(checkEngagementTimes);
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** The booking's status: the lifecycle's statuses (docs/booking-lifecycle.md). */
export type { BookingStatus } from "./booking-lifecycle.ts";

const cents = z.number().int().nonnegative();

/**
 * One booked service with its own options and prices (booking_lines, docs/money.md): amounts in
 * integer cents, VAT included; the VAT part is computed per line. Readers of stored lines parse
 * them with this schema, so a malformed row fails loudly instead of showing wrong options.
 */
export const bookingLineSchema = z.object({
  serviceId: z.string().min(1),
  serviceType: z.enum(serviceTypes),
  /** The service's English name when booked (pages and mails show the name in their language). */
  title: z.string(),
  description: z.string(),
  options: serviceOptionsSchema,
  /** The line's price per day, all its guards (and its car fee) included. */
  dailyPriceCents: cents,
  /** dailyPriceCents × options.days. */
  totalCents: cents,
  vatCents: cents,
  vatRateBasisPoints: z.number().int().min(0).max(10_000),
});
export type BookingLine = z.infer<typeof bookingLineSchema>;

/** A stored booking as the API answers it (owner only). Money in integer cents, VAT included. */
export type BookingView = {
  id: string;
  location: string;
  startDate: string;
  endDate: string;
  totalDays: number;
  status: BookingStatus;
  totalCents: number;
  /** The VAT part of the total (the sum of the lines' unless an operator adjusted the total). */
  vatCents: number;
  /** ADR 222: the buyer the booking was priced for; ADR 246: which VAT words its price carries. */
  buyerVat: BuyerVat;
  customerName: string;
  services: BookingLine[];
  createdAt: string;
  /** The money side (docs/payments.md), beside the status and independent of it (ADR 130). */
  payment?: BookingPaymentView;
} & Partial<EngagementView>;

/** A place from GET /api/places (docs/product.md §7: label shown as 'City, Country'). */
export type Place = { id: string; label: string; city: string; country: string; latitude: number; longitude: number };

/** POST /api/bookings/quote: the create body without id and location (no session needed). */
export const quoteBookingSchema = bookingRequestFields.omit({
  bookingId: true,
  location: true,
  notes: true,
  startTime: true,
  endTime: true,
  meetingPoint: true,
  principal: true,
});
export type QuoteBookingInput = z.input<typeof quoteBookingSchema>;

/** The server's prices for a selection (cents, VAT included), for the page to cross-check. */
export type BookingQuote = {
  startDate: string;
  endDate: string;
  totalDays: number;
  lines: BookingLine[];
  totalCents: number;
  vatCents: number;
};
