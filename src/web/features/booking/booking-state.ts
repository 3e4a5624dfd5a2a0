import type { BookingPaymentView } from "../../../shared/payments.ts";
import type { CatalogueService, CreateBookingInput, SelectedService, ServiceOptions } from "../../../shared/booking.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import type { EngagementView } from "../../../shared/engagement.ts";
import { bookingSearchProblem, bookingSearchRules, maximumBookingDays, type BookingSearch } from "../../../shared/booking-search.ts";
import type { Language } from "../../../shared/languages.ts";
import { sumCents } from "../../../shared/money.ts";
import { clampGuards, dayCountFromRange, defaultOptions, refundNote, servicePrice, type ServicePrice } from "../../../shared/pricing.ts";
import { calendarDayOf, calendarDayTextPattern, isCalendarDay } from "../../../shared/time.ts";

// The pure state of /secure-booking: what is chosen, how the day count follows the dates, what is
// kept in session storage (docs/product.md §7) and what is sent to POST /api/bookings. Kept free of React and
// of the browser so it is unit-tested directly (booking-state.test.ts).

/** docs/product.md §3 'Booking search': location and calendar days ('YYYY-MM-DD'), with its rules in src/shared. */
export type { BookingSearch } from "../../../shared/booking-search.ts";

/** The services chosen, in the order they were chosen. */
export type BookingSelection = SelectedService[];

/** One booking attempt: the id is reused on a retry of the same request (idempotency). */
export type BookingAttempt = { bookingId: string; fingerprint: string };

/**
 * docs/product.md §12: the engagement part of the booking as the page's form holds it (flat text,
 * empty for "not given"); kept in the tab's draft with the rest (docs/product.md §7).
 */
export type EngagementDraft = {
  startTime: string;
  endTime: string;
  meetingPoint: string;
  notes: string;
  forSomeoneElse: boolean;
  principalName: string;
  codename: string;
  principalPhone: string;
  directContact: boolean;
};

export const emptyEngagementDraft: EngagementDraft = {
  startTime: "",
  endTime: "",
  meetingPoint: "",
  notes: "",
  forSomeoneElse: false,
  principalName: "",
  codename: "",
  principalPhone: "",
  directContact: false,
};

export type BookingState = {
  search: BookingSearch;
  selection: BookingSelection;
  attempt: BookingAttempt | null;
  /** Absent in a draft kept before the engagement details existed. */
  details?: EngagementDraft;
};

export const emptySearch: BookingSearch = { location: "", startDate: null, endDate: null };
export const emptyBookingState: BookingState = { search: emptySearch, selection: [], attempt: null };

/**
 * The draft as request fields (src/shared/booking.ts): empty text is left out, and the protected
 * person only when the booking is for someone else (ADR 181).
 */
export function engagementRequestFields(
  draft: EngagementDraft | undefined,
): Pick<CreateBookingInput, "startTime" | "endTime" | "meetingPoint" | "notes" | "principal"> {
  if (!draft) return {};
  const text = (value: string) => value.trim() || undefined;
  return {
    ...(text(draft.startTime) && { startTime: draft.startTime.trim() }),
    ...(text(draft.endTime) && { endTime: draft.endTime.trim() }),
    ...(text(draft.meetingPoint) && { meetingPoint: draft.meetingPoint.trim() }),
    ...(text(draft.notes) && { notes: draft.notes.trim() }),
    ...(draft.forSomeoneElse && {
      principal: {
        ...(text(draft.principalName) && { name: draft.principalName.trim() }),
        ...(text(draft.codename) && { codename: draft.codename.trim() }),
        phone: draft.principalPhone.trim(),
        directContact: draft.directContact,
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Dates and the day count

/**
 * A day from the landing page's navigation state (docs/product.md §2: 'selectedDate (start, ISO)'). A bare
 * 'YYYY-MM-DD' is taken as is; a full timestamp is read as the visitor's local calendar day, since
 * a local midnight sent through toISOString() would otherwise land on the previous day.
 */
export function calendarDayFromText(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  const value = text.trim();
  if (calendarDayTextPattern.test(value)) return isCalendarDay(value) ? value : null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : calendarDayOf(date);
}

/** docs/product.md §3 'Booking search (navigation state)': selectedDate, endDate, location; null when absent. */
export function searchFromNavigationState(state: unknown): BookingSearch | null {
  if (typeof state !== "object" || state === null) return null;
  const record = state as Record<string, unknown>;
  if (!("selectedDate" in record) && !("location" in record) && !("endDate" in record)) return null;
  const startDate = calendarDayFromText(record.selectedDate);
  const endDate = startDate ? calendarDayFromText(record.endDate) : null;
  return {
    location: typeof record.location === "string" ? record.location.trim().slice(0, 200) : "",
    startDate,
    // An end before the start is dropped rather than swapped: the picker already orders them.
    endDate: endDate && startDate && endDate >= startDate ? endDate : null,
  };
}

/** docs/product.md §4: 'With no dates chosen the day count is 1'; otherwise the inclusive range (minimum 1). */
/** True when a range is longer than one booking may be (the Update button refuses it). */
export function isRangeTooLong(startDate: string, endDate: string): boolean {
  return bookingSearchProblem({ location: "", startDate, endDate }, bookingSearchRules.panel) === "rangeTooLong";
}

export function daysForSearch(search: BookingSearch): number {
  if (!search.startDate) return 1;
  // The API takes at most a year (src/shared/booking.ts); the server caps the range the same way.
  return Math.min(maximumBookingDays, dayCountFromRange(search.startDate, search.endDate ?? undefined));
}

/**
 * docs/product.md §4: 'Day-count changes are synchronised to the largest number across selected services.'
 * Every service line carries the same day count: the largest of the lines and of `atLeast`.
 */
export function synchroniseDays(selection: BookingSelection, atLeast = 1): BookingSelection {
  const days = Math.max(atLeast, ...selection.map((line) => line.options.days));
  return selection.map((line) => (line.options.days === days ? line : { ...line, options: { ...line.options, days } }));
}

/** Sets every line to exactly `days` (the dates changed: the range is the source of truth). */
export function applyDays(selection: BookingSelection, days: number): BookingSelection {
  return selection.map((line) => (line.options.days === days ? line : { ...line, options: { ...line.options, days } }));
}

/** The booking's day count: the dates' count, or the synchronised count of the lines. */
export function totalDays(state: Pick<BookingState, "search" | "selection">): number {
  return Math.max(daysForSearch(state.search), ...state.selection.map((line) => line.options.days));
}

/** A new search (the Update button or the navigation state): the day count follows the dates. */
export function applySearch(state: BookingState, search: BookingSearch): BookingState {
  return { ...state, search, selection: applyDays(state.selection, daysForSearch(search)) };
}

// ---------------------------------------------------------------------------------------------
// Selecting and configuring services

export function isSelected(state: Pick<BookingState, "selection">, serviceId: string): boolean {
  return state.selection.some((line) => line.serviceId === serviceId);
}

export function selectService(state: BookingState, service: CatalogueService): BookingState {
  if (isSelected(state, service.id)) return state;
  const options: ServiceOptions = { ...defaultOptions(service), days: totalDays(state) };
  return { ...state, selection: synchroniseDays([...state.selection, { serviceId: service.id, options }]) };
}

export function deselectService(state: BookingState, serviceId: string): BookingState {
  return { ...state, selection: state.selection.filter((line) => line.serviceId !== serviceId) };
}

/**
 * Changes a card's options. Guards stay within the service's own range (docs/product.md §5); residential
 * guards and every card's days are read-only (docs/product.md §2), so those are never taken from the patch;
 * a car class only exists together with a car, and `carClass: undefined` in a patch removes it.
 */
export function updateOptions(state: BookingState, service: CatalogueService, patch: Partial<ServiceOptions>): BookingState {
  return {
    ...state,
    selection: state.selection.map((line) => {
      if (line.serviceId !== service.id) return line;
      const next: ServiceOptions = { ...line.options, ...patch, days: line.options.days };
      next.guards = service.type === "vip_residential" ? line.options.guards : clampGuards(service, next.guards);
      // ADR 050 addendum: a car comes without a class; a class is only ever the visitor's choice.
      if (next.car !== "with_car" || next.carClass === undefined) delete next.carClass;
      return { ...line, options: next };
    }),
  };
}

/** Drops lines whose service is no longer offered and fits guards to each service's range. */
export function reconcileWithCatalogue(state: BookingState, catalogue: readonly CatalogueService[]): BookingState {
  const byId = new Map(catalogue.map((service) => [service.id, service]));
  const selection = state.selection
    .filter((line) => byId.has(line.serviceId))
    .map((line) => {
      const service = byId.get(line.serviceId) as CatalogueService;
      const guards = clampGuards(service, line.options.guards);
      return guards === line.options.guards ? line : { ...line, options: { ...line.options, guards } };
    });
  return { ...state, selection: synchroniseDays(selection, daysForSearch(state.search)) };
}

// ---------------------------------------------------------------------------------------------
// Prices shown on the page (the server prices again from its catalogue and ignores ours)

/** A card's line as the page prices it: amounts in cents, VAT included (docs/money.md). */
export type PricedLine = ServicePrice & {
  service: CatalogueService;
  options: ServiceOptions;
};

export function pricedLines(state: Pick<BookingState, "selection">, catalogue: readonly CatalogueService[]): PricedLine[] {
  const byId = new Map(catalogue.map((service) => [service.id, service]));
  return state.selection.flatMap((line) => {
    const service = byId.get(line.serviceId);
    if (!service) return [];
    return [{ service, options: line.options, ...servicePrice(service, line.options) }];
  });
}

/** docs/money.md: a booking's total and VAT are the sums of its lines'. */
export function totalOf(lines: readonly PricedLine[]): number {
  return sumCents(lines.map((line) => line.totalCents));
}

export function vatOf(lines: readonly PricedLine[]): number {
  return sumCents(lines.map((line) => line.vatCents));
}

/** docs/product.md §9 refund note; null until a start date is known. */
export function refundNoteFor(search: BookingSearch, now: Date): "fully_refundable" | "non_refundable" | null {
  return search.startDate ? refundNote(search.startDate, now) : null;
}

// ---------------------------------------------------------------------------------------------
// Validation and the create request

export type BookingProblem = "selectService" | "enterLocation" | "selectDate";

/** docs/product.md §5, in this order: a service, a location, a date (the shared booking search rules). */
export function bookingProblem(state: Pick<BookingState, "search" | "selection">): BookingProblem | null {
  if (state.selection.length === 0) return "selectService";
  const problem = bookingSearchProblem(state.search, bookingSearchRules.booking);
  if (problem === null) return null;
  if (problem === "enterLocation" || problem === "locationTooLong") return "enterLocation";
  // The panel refuses impossible ranges before they are applied; a restored one counts as no date.
  return "selectDate";
}

/**
 * The body of POST /api/bookings without its id. It carries choices only, never a price: the
 * server computes every price from its catalogue (ADR 121).
 */
export function bookingRequestContent(
  state: Pick<BookingState, "search" | "selection" | "details">,
  language: Language,
): Omit<CreateBookingInput, "bookingId"> {
  const days = totalDays(state);
  return {
    location: state.search.location.trim(),
    startDate: state.search.startDate ?? "",
    ...(state.search.endDate ? { endDate: state.search.endDate } : {}),
    services: state.selection.map((line) => ({ serviceId: line.serviceId, options: { ...line.options, days } })),
    ...engagementRequestFields(state.details),
    language,
  };
}

function fingerprintOf(content: Omit<CreateBookingInput, "bookingId">): string {
  return JSON.stringify(content);
}

/**
 * The attempt for this request: the same id when the same request is retried (a lost answer, a
 * double click, a sign-in in between), a new one from `newId` when anything was changed.
 */
export function attemptFor(
  previous: BookingAttempt | null,
  content: Omit<CreateBookingInput, "bookingId">,
  newId: () => string,
): BookingAttempt {
  const fingerprint = fingerprintOf(content);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { bookingId: newId(), fingerprint };
}

// ---------------------------------------------------------------------------------------------
// Session storage (docs/product.md §7: bookingState, selectedServicesDetails, bookingTotal, bookingTotalDays)

export const bookingStorageKeys = {
  state: "bookingState",
  details: "selectedServicesDetails",
  total: "bookingTotal",
  totalDays: "bookingTotalDays",
} as const;

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** docs/product.md §3 summary-card form of a selected service, keyed by service id. */
export type SelectedServiceDetails = { title: string; description: string; priceCents: number; options: ServiceOptions };

/** Writes the page's state under the docs/product.md §7 keys; prices are for display after a reload only. */
export function saveBookingState(storage: KeyValueStorage, state: BookingState, lines: readonly PricedLine[]): void {
  const details: Record<string, SelectedServiceDetails> = {};
  for (const line of lines) {
    details[line.service.id] = {
      title: line.service.title,
      description: line.service.description,
      priceCents: line.dailyCents,
      options: line.options,
    };
  }
  try {
    storage.setItem(bookingStorageKeys.state, JSON.stringify(state));
    storage.setItem(bookingStorageKeys.details, JSON.stringify(details));
    storage.setItem(bookingStorageKeys.total, String(totalOf(lines)));
    storage.setItem(bookingStorageKeys.totalDays, String(totalDays(state)));
  } catch {
    // A full or blocked storage only costs the reload convenience; the page keeps working.
  }
}

/** Whether this tab kept a booking (read through the shared schema by booking-checks.ts). */
export function hasStoredBookingState(storage: KeyValueStorage): boolean {
  try {
    return storage.getItem(bookingStorageKeys.state) !== null;
  } catch {
    return false;
  }
}

export function clearBookingState(storage: KeyValueStorage): void {
  try {
    for (const key of Object.values(bookingStorageKeys)) storage.removeItem(key);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

// ---------------------------------------------------------------------------------------------
// The confirmation page

/** docs/product.md §3 'Confirmation state'. */
export type ConfirmationState = {
  bookingId?: string;
  selectedServices: Record<string, SelectedServiceDetails>;
  location: string;
  startDate: string;
  endDate?: string;
  quantities: Record<string, number>;
  /** Cents, VAT included. */
  totalCents: number;
  /** The VAT part of the total; absent in a state kept before the page knew it. */
  vatCents?: number;
  totalDays: number;
  customerName: string;
  status?: BookingStatus;
  /** What happened to the money (docs/payments.md); absent for a booking made without a card. */
  payment?: BookingPaymentView;
  /** docs/product.md §12: times, meeting point, protected person and note, when the booking has them. */
  engagement?: Partial<EngagementView> & { note?: string | null };
};

/** The confirmation state from a created booking, as the API answered it (server prices). */
export function confirmationFromBooking(booking: {
  id: string;
  location: string;
  startDate: string;
  endDate: string;
  totalDays: number;
  totalCents: number;
  vatCents: number;
  customerName: string;
  status: BookingStatus;
  services: { serviceId: string; title: string; description: string; options: ServiceOptions; dailyPriceCents: number }[];
  payment?: BookingPaymentView;
  startTime?: string | null;
  endTime?: string | null;
  meetingPoint?: string | null;
  principal?: EngagementView["principal"];
  note?: string | null;
}): ConfirmationState {
  const selectedServices: Record<string, SelectedServiceDetails> = {};
  const quantities: Record<string, number> = {};
  for (const line of booking.services) {
    selectedServices[line.serviceId] = {
      title: line.title,
      description: line.description,
      priceCents: line.dailyPriceCents,
      options: line.options,
    };
    quantities[line.serviceId] = line.options.guards;
  }
  return {
    bookingId: booking.id,
    selectedServices,
    location: booking.location,
    startDate: booking.startDate,
    // docs/product.md §2: ' - end' only when the booking spans more than its start day.
    ...(booking.endDate && booking.endDate !== booking.startDate ? { endDate: booking.endDate } : {}),
    quantities,
    totalCents: booking.totalCents,
    vatCents: booking.vatCents,
    totalDays: booking.totalDays,
    customerName: booking.customerName,
    status: booking.status,
    ...(booking.payment && { payment: booking.payment }),
    ...((booking.startTime || booking.meetingPoint || booking.principal || booking.note) && {
      engagement: {
        startTime: booking.startTime ?? null,
        endTime: booking.endTime ?? null,
        meetingPoint: booking.meetingPoint ?? null,
        principal: booking.principal ?? null,
        note: booking.note ?? null,
      },
    }),
  };
}

export type ConfirmationView =
  | { kind: "none" }
  | { kind: "missing-location" }
  | { kind: "fetch"; bookingId: string; initial: ConfirmationState | null }
  | { kind: "state"; state: ConfirmationState };
