import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import type { CatalogueService } from "../../../shared/booking.ts";
import { bookingServiceParameter } from "../../../shared/booking-search.ts";
import {
  applySearch,
  emptyBookingState,
  hasStoredBookingState,
  pricedLines,
  reconcileWithCatalogue,
  saveBookingState,
  searchFromNavigationState,
  selectService,
  totalDays,
  totalOf,
  type BookingState,
} from "./booking-state.ts";

// The booking page's draft (docs/product.md §2 booking page, §7 browser storage; ADR 060): what the
// visitor has chosen, restored on arrival from this tab's storage and the landing page's search,
// kept in storage as it changes, and priced against the catalogue (ADR 207). The page draws it; Book now
// (use-booking-submit.ts) sends it.

export function browserStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// ADR 085: the shared schema's checks (and zod with them) load when the page needs them, not with
// its first view: a booking this tab kept, a service selected (a booking is likely), a submit.
export const loadBookingChecks = () => import("./booking-checks.ts");

/**
 * Runs `task` in the browser's next idle period, with no deadline: a deadline would force it into
 * whatever the visitor does next (Book now loads the checks itself if no idle period came).
 * Returns its cancellation.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** The state on arrival: what this tab had kept (`stored`), with the landing page's search on top. */
function arrivalState(stored: BookingState | null, navigationState: unknown): BookingState {
  const search = searchFromNavigationState(navigationState);
  const base = stored ?? emptyBookingState;
  return search ? applySearch(base, search) : base;
}

export type BookingDraft = {
  state: BookingState;
  /** The state as of the last change, for handlers that run after an await. */
  stateRef: RefObject<BookingState>;
  /** A change by the visitor: replayed on top of a kept booking that is still being read. */
  changeState: (change: (current: BookingState) => BookingState) => void;
  /** A change by the page itself (Book now's attempt id), made after arrival. */
  replaceState: (next: BookingState) => void;
  arrived: boolean;
  lines: ReturnType<typeof pricedLines>;
  days: number;
  total: number;
};

/** `services`: the live catalogue once read (restored choices it no longer offers are dropped). */
export function useBookingDraft(services: CatalogueService[] | undefined): BookingDraft {
  const location = useLocation();
  const navigate = useNavigate();
  // ADR 065: the first render matches the prerendered HTML (nothing selected, no search); what this
  // tab kept and the landing page's search apply right after, before the browser paints again.
  const [state, setState] = useState<BookingState>(emptyBookingState);
  const [arrived, setArrived] = useState(false);
  // Read once, on arrival: later history changes are the page's own (the effects below).
  const arrivalNavigationState = useRef<unknown>(location.state);
  // A kept booking is read asynchronously (below), and the hydrated cards answer clicks before it
  // is: the visitor's changes made meanwhile are replayed on top of it on arrival, never dropped.
  const changesBeforeArrival = useRef<Array<(current: BookingState) => BookingState>>([]);
  const arrivedRef = useRef(false);
  const changeState = useCallback((change: (current: BookingState) => BookingState) => {
    if (!arrivedRef.current) changesBeforeArrival.current.push(change);
    setState(change);
  }, []);
  useLayoutEffect(() => {
    const arrive = (stored: BookingState | null) => {
      const changes = changesBeforeArrival.current;
      changesBeforeArrival.current = [];
      arrivedRef.current = true;
      setState(changes.reduce((current, change) => change(current), arrivalState(stored, arrivalNavigationState.current)));
      setArrived(true);
    };
    const storage = browserStorage();
    if (!storage || !hasStoredBookingState(storage)) {
      // ADR 170: with nothing kept and no search to apply, the first render already is the arrival
      // state; marking the arrival is then an interruptible update, not a synchronous re-render of
      // the whole page inside hydration's commit (a long task on a slow phone).
      if (searchFromNavigationState(arrivalNavigationState.current) === null && changesBeforeArrival.current.length === 0) {
        arrivedRef.current = true;
        startTransition(() => setArrived(true));
        return;
      }
      arrive(null);
      return;
    }
    // A kept booking is read through the shared schema, whose chunk the browser has usually
    // cached by now; one that cannot be loaded counts as unreadable, as a malformed one does.
    let current = true;
    loadBookingChecks().then(
      (checks) => current && arrive(checks.loadBookingState(storage)),
      () => current && arrive(null),
    );
    return () => {
      current = false;
    };
  }, []);
  // A selected service makes a booking likely: its checks start loading before Book now.
  const hasSelection = state.selection.length > 0;
  // ADR 170: once the browser is idle, so that evaluating zod never delays the paint that answers the click.
  useEffect(() => {
    if (!hasSelection) return;
    return whenIdle(() => void loadBookingChecks().catch(() => undefined));
  }, [hasSelection]);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const replaceState = useCallback((next: BookingState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  // The landing page's search is read once; dropping it from the history entry keeps a later
  // reload from overwriting dates the visitor has changed here since.
  useEffect(() => {
    if (location.state != null) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  // Services the catalogue no longer offers are dropped from a restored selection.
  useEffect(() => {
    if (arrived && services) setState((current) => reconcileWithCatalogue(current, services));
  }, [arrived, services]);

  // A service page's 'Book this service' names its service in the address (docs/product.md §2): select it
  // once the catalogue is known, then drop the parameter so a reload keeps the visitor's changes.
  const requestedService = new URLSearchParams(location.search).get(bookingServiceParameter);
  useEffect(() => {
    if (!arrived || !requestedService || !services) return;
    const service = services.find((entry) => entry.slug === requestedService);
    if (service) setState((current) => selectService(current, service));
    const rest = new URLSearchParams(location.search);
    rest.delete(bookingServiceParameter);
    const query = rest.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true, state: null });
  }, [arrived, requestedService, services, location.search, location.pathname, navigate]);

  const catalogue = useMemo(() => services ?? [], [services]);
  const lines = useMemo(() => pricedLines(state, catalogue), [state, catalogue]);

  // docs/product.md §7: the booking survives a reload and the sign-in dialog in session storage.
  // Not before arrival: the empty first render must not overwrite what the tab kept.
  useEffect(() => {
    const storage = browserStorage();
    if (arrived && storage && (services || state.selection.length === 0)) saveBookingState(storage, state, lines);
  }, [arrived, state, lines, services]);

  return { state, stateRef, changeState, replaceState, arrived, lines, days: totalDays(state), total: totalOf(lines) };
}
