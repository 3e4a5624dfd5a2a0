import { z } from "zod";
import { bookingStatuses } from "../../../shared/booking-lifecycle.ts";
import {
  bookingRequestContentSchema,
  createBookingSchema,
  selectedServiceSchema,
  serviceOptionsSchema,
  type CreateBookingInput,
} from "../../../shared/booking.ts";
import { calendarDayTextPattern } from "../../../shared/time.ts";
import {
  bookingStorageKeys,
  clearBookingState,
  daysForSearch,
  synchroniseDays,
  type BookingAttempt,
  type BookingState,
  type ConfirmationState,
  type ConfirmationView,
  type KeyValueStorage,
  type SelectedServiceDetails,
} from "./booking-state.ts";

// The parts of the booking state that go through the shared zod schemas (ADR 027): the request
// checked before it is sent, what session storage gives back (docs/product.md §7) and the confirmation
// page's navigation state. Apart from booking-state.ts so that /secure-booking loads zod (≈ 22 KB
// compressed) only when it needs it: a stored booking to restore, or a booking to send (ADR 085).

const requestContentSchema = bookingRequestContentSchema;

/**
 * The first message of the shared schema for a request's content, or null when it passes: a
 * translation key of the `booking` namespace (ADR 027), so the page can say what to fix in the
 * visitor's language before anything is sent.
 */
export function requestProblem(content: Omit<CreateBookingInput, "bookingId">): string | null {
  const result = requestContentSchema.safeParse(content);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The full request, checked with the one shared schema before it leaves the page. */
export function buildCreateRequest(content: Omit<CreateBookingInput, "bookingId">, attempt: BookingAttempt): CreateBookingInput {
  return createBookingSchema.parse({ ...content, bookingId: attempt.bookingId });
}

const storedStateSchema = z.object({
  search: z.object({
    location: z.string().max(200),
    startDate: z.string().regex(calendarDayTextPattern).nullable(),
    endDate: z.string().regex(calendarDayTextPattern).nullable(),
  }),
  selection: z.array(selectedServiceSchema).max(20),
  attempt: z.object({ bookingId: z.uuid(), fingerprint: z.string().max(20_000) }).nullable(),
  // docs/product.md §12: the engagement draft, as typed (checked with the shared schema on Book now).
  details: z
    .object({
      startTime: z.string().max(5),
      endTime: z.string().max(5),
      meetingPoint: z.string().max(400),
      notes: z.string().max(4000),
      forSomeoneElse: z.boolean(),
      principalName: z.string().max(400),
      codename: z.string().max(400),
      principalPhone: z.string().max(100),
      directContact: z.boolean(),
    })
    .optional(),
});

const storedDetailsSchema = z.record(
  z.string(),
  z.object({ title: z.string(), description: z.string(), priceCents: z.number().int(), options: serviceOptionsSchema }),
);

/** The stored state, or null when there is none or it is unreadable (then it is discarded). */
export function loadBookingState(storage: KeyValueStorage): BookingState | null {
  let text: string | null;
  try {
    text = storage.getItem(bookingStorageKeys.state);
  } catch {
    return null;
  }
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    clearBookingState(storage);
    return null;
  }
  const result = storedStateSchema.safeParse(parsed);
  if (!result.success) {
    clearBookingState(storage);
    return null;
  }
  const state: BookingState = result.data;
  return { ...state, selection: synchroniseDays(state.selection, daysForSearch(state.search)) };
}

/** The summary-card details saved with the state (docs/product.md §7 selectedServicesDetails). */
export function loadSelectedServicesDetails(storage: KeyValueStorage): Record<string, SelectedServiceDetails> {
  try {
    const text = storage.getItem(bookingStorageKeys.details);
    const result = storedDetailsSchema.safeParse(text ? JSON.parse(text) : {});
    return result.success ? result.data : {};
  } catch {
    return {};
  }
}

const confirmationStateSchema = z.object({
  bookingId: z.string().optional(),
  selectedServices: storedDetailsSchema.default({}),
  location: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  quantities: z.record(z.string(), z.number()).default({}),
  totalCents: z.number().int().default(0),
  vatCents: z.number().int().optional(),
  totalDays: z.number().default(1),
  customerName: z.string().default(""),
  status: z.enum(bookingStatuses).optional(),
});

/**
 * docs/product.md §2 confirmation page: no state → 'No booking details found'; state without a location →
 * 'Missing location'; otherwise the booking. A `?booking=` id makes the page reload-proof: the
 * booking is read back from the API (owner only).
 */
export function confirmationView(navigationState: unknown, bookingIdParameter: string | null): ConfirmationView {
  const parsed = navigationState == null ? null : confirmationStateSchema.safeParse(navigationState);
  const state = parsed?.success ? parsed.data : null;
  const full: ConfirmationState | null = state?.location?.trim()
    ? { ...state, location: state.location, startDate: state.startDate ?? "" }
    : null;
  const urlId = bookingIdParameter?.trim() || null;
  // The id in the address is the durable source: it survives a reload and a shared link.
  if (urlId) return { kind: "fetch", bookingId: urlId, initial: full && full.bookingId === urlId ? full : null };
  if (state && !full) return { kind: "missing-location" };
  if (full?.bookingId) return { kind: "fetch", bookingId: full.bookingId, initial: full };
  if (full) return { kind: "state", state: full };
  return { kind: "none" };
}
