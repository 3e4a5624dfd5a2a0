import { queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type {
  BookingSafetyView,
  CheckInInput,
  CheckInPinsInput,
  CheckInPlanInput,
  CheckInView,
  ConsoleAlarm,
  DevicePosition,
  LiveBoard,
  OnCallMember,
  PrincipalLinkView,
  ResolveAlarmInput,
  StaffMember,
  TourReport,
  TourScanInput,
  TourSiteInput,
  TourSiteView,
} from "../../../shared/on-duty.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// On duty (docs/on-duty.md): every query and mutation of the SOS, the check-ins, the principal's
// page and the console's alarms, on-call list and live board. The live stream (ADR 092) makes
// the console's and the customer's queries stale; the operative's and the principal's poll while
// an alarm of theirs waits for an operator.

const consoleKey = ["admin", "on-duty"] as const;
const customerKey = ["on-duty", "customer"] as const;

/** The console's queries an event makes stale: every alarm event and every booking's progress (the live board). */
export function consoleOnDutyKeysFor(event: LiveEvent): QueryKey[] {
  if (event.type.startsWith("alarm.")) return [[...consoleKey]];
  if (event.type === "booking.progress" || event.type === "booking.team") return [[...consoleKey, "board"]];
  return [];
}

/** The customer's safety panel follows its booking's alarm events and progress. */
export function customerOnDutyKeysFor(event: LiveEvent): QueryKey[] {
  if (!event.bookingId) return [];
  return event.type.startsWith("alarm.") || event.type === "booking.progress" ? [[...customerKey, event.bookingId]] : [];
}

/** Alarms waiting for an operator are polled every few seconds where no stream carries them. */
const waitingPoll = (alarms: { state: string }[] | undefined) => (alarms?.some((alarm) => alarm.state === "open") ? 4000 : 30_000);

export const customerSafetyQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...customerKey, bookingId],
    queryFn: () => apiRequest<BookingSafetyView>(`/api/bookings/${encodeURIComponent(bookingId)}/safety`),
    meta: { inlineErrors: true },
    retry: false,
  });

export type OperativeSafety = BookingSafetyView & { checkIn: CheckInView | null; lead: boolean };

export const operativeSafetyQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: ["operative", "on-duty", assignmentId],
    queryFn: () => apiRequest<OperativeSafety>(`/api/operative/duty/assignments/${encodeURIComponent(assignmentId)}/safety`),
    meta: { inlineErrors: true },
    retry: false,
    refetchInterval: (query) => waitingPoll(query.state.data?.alarms),
  });

export const principalQuery = (token: string) =>
  queryOptions({
    queryKey: ["principal", token],
    queryFn: () => apiRequest<PrincipalLinkView>(`/api/principal/${encodeURIComponent(token)}`),
    meta: { inlineErrors: true },
    retry: false,
    refetchInterval: (query) => waitingPoll(query.state.data?.alarms),
  });

export const consoleAlarmsQuery = queryOptions({
  queryKey: [...consoleKey, "alarms"],
  queryFn: () => apiRequest<{ alarms: ConsoleAlarm[] }>("/api/admin/alarms"),
  // The stream wakes it at once; the interval covers a stream that is reconnecting.
  refetchInterval: 30_000,
});

export const liveBoardQuery = queryOptions({
  queryKey: [...consoleKey, "board"],
  queryFn: () => apiRequest<LiveBoard>("/api/admin/live-board"),
  // Shared positions are not events (they are never logged, ADR 289): the board reads them again.
  refetchInterval: 15_000,
});

export const onCallQuery = queryOptions({
  queryKey: [...consoleKey, "on-call"],
  queryFn: () => apiRequest<{ members: OnCallMember[]; staff: StaffMember[] }>("/api/admin/on-call"),
});

export const checkInPlanQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...consoleKey, "plan", bookingId],
    queryFn: () =>
      apiRequest<{ plan: { intervalMinutes: number; graceMinutes: number } | null }>(
        `/api/admin/bookings/${encodeURIComponent(bookingId)}/check-in-plan`,
      ),
  });

/** Raises an SOS from wherever the control is: the customer's booking, the operative's brief, the principal's link. */
export function useRaiseAlarm(
  target: { kind: "customer"; bookingId: string } | { kind: "operative"; assignmentId: string } | { kind: "principal"; token: string },
) {
  const queryClient = useQueryClient();
  const path =
    target.kind === "customer"
      ? `/api/bookings/${encodeURIComponent(target.bookingId)}/alarms`
      : target.kind === "operative"
        ? `/api/operative/duty/assignments/${encodeURIComponent(target.assignmentId)}/alarms`
        : `/api/principal/${encodeURIComponent(target.token)}/alarms`;
  const key: QueryKey =
    target.kind === "customer"
      ? [...customerKey, target.bookingId]
      : target.kind === "operative"
        ? ["operative", "on-duty", target.assignmentId]
        : ["principal", target.token];
  return useMutation({
    mutationFn: (position: DevicePosition | null) => apiRequest<{ id: string }>(path, { body: { position } }),
    meta: { inlineErrors: true },
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: key }),
  });
}

export function useCreatePrincipalLink(bookingId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ token: string; url: string }>(`/api/bookings/${encodeURIComponent(bookingId)}/principal-link`, { body: {} }),
  });
}

export function useCheckIn(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) =>
      apiRequest<CheckInView>(`/api/operative/duty/assignments/${encodeURIComponent(assignmentId)}/check-ins`, { body: input }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: ["operative", "on-duty", assignmentId] }),
  });
}

export function useSaveCheckInPins(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInPinsInput) => apiRequest<{ pinsSet: true }>("/api/operative/duty/pins", { method: "PUT", body: input }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: ["operative", "on-duty", assignmentId] }),
  });
}

export function useSharePosition(assignmentId: string) {
  const path = `/api/operative/duty/assignments/${encodeURIComponent(assignmentId)}/position`;
  return {
    share: useMutation({
      mutationFn: (position: DevicePosition) => apiRequest(path, { method: "PUT", body: position }),
      meta: { inlineErrors: true },
    }),
    stop: useMutation({ mutationFn: () => apiRequest(path, { method: "DELETE" }) }),
  };
}

export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alarmId: string) => apiRequest<ConsoleAlarm>(`/api/admin/alarms/${encodeURIComponent(alarmId)}/acknowledge`, { body: {} }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: [...consoleKey] }),
  });
}

export function useResolveAlarm(alarmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResolveAlarmInput) =>
      apiRequest<ConsoleAlarm>(`/api/admin/alarms/${encodeURIComponent(alarmId)}/resolve`, { body: input }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: [...consoleKey] }),
  });
}

export function useSaveOnCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => apiRequest("/api/admin/on-call", { method: "PUT", body: { userIds } }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: [...consoleKey, "on-call"] }),
  });
}

export function useSaveCheckInPlan(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInPlanInput) =>
      apiRequest(`/api/admin/bookings/${encodeURIComponent(bookingId)}/check-in-plan`, { method: "PUT", body: input }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: [...consoleKey, "plan", bookingId] }),
  });
}

/** docs/on-duty.md "Guard tours": the operative's tour on the brief. */
export const operativeTourQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: ["operative", "on-duty", assignmentId, "tour"],
    queryFn: () => apiRequest<{ tour: TourReport | null }>(`/api/operative/duty/assignments/${encodeURIComponent(assignmentId)}/tour`),
    meta: { inlineErrors: true },
    retry: false,
  });

export function useScanCheckpoint(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TourScanInput) =>
      apiRequest<{ checkpoint: string; tour: TourReport | null }>(
        `/api/operative/duty/assignments/${encodeURIComponent(assignmentId)}/scans`,
        {
          body: input,
        },
      ),
    meta: { inlineErrors: true },
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: ["operative", "on-duty", assignmentId, "tour"] }),
  });
}

export const tourSitesQuery = queryOptions({
  queryKey: [...consoleKey, "tour-sites"],
  queryFn: () => apiRequest<{ sites: TourSiteView[] }>("/api/admin/tour-sites"),
});

export const bookingTourQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...consoleKey, "tour", bookingId],
    queryFn: () => apiRequest<{ tour: TourReport | null }>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/tour`),
  });

export function useCreateTourSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TourSiteInput) => apiRequest<TourSiteView>("/api/admin/tour-sites", { body: input }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: [...consoleKey, "tour-sites"] }),
  });
}

export function useBookingTour(bookingId: string) {
  const queryClient = useQueryClient();
  const refresh = () => invalidateAfterWrite(queryClient, { queryKey: [...consoleKey, "tour", bookingId] });
  return {
    attach: useMutation({
      mutationFn: (siteId: string) =>
        apiRequest(`/api/admin/bookings/${encodeURIComponent(bookingId)}/tour`, { method: "PUT", body: { siteId } }),
      onSuccess: refresh,
    }),
    share: useMutation({
      mutationFn: () => apiRequest(`/api/admin/bookings/${encodeURIComponent(bookingId)}/tour/share`, { body: {} }),
      onSuccess: refresh,
    }),
  };
}

/** The customer's tour report, once staff shared it (404 until then: nothing is shown). */
export const customerTourQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...customerKey, bookingId, "tour"],
    queryFn: () => apiRequest<TourReport>(`/api/bookings/${encodeURIComponent(bookingId)}/tour`),
    meta: { inlineErrors: true },
    retry: false,
  });
