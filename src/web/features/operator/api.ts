import { infiniteQueryOptions, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type { z } from "zod";
import type {
  AdminBookingDetail,
  AssignmentView,
  BookingQueuePage,
  BookingQueueQuery,
  confirmBookingSchema,
  EditableService,
  AuditEntry,
  IdReviewItem,
  Operative,
  OperativeInput,
  ServiceEditInput,
  StaffPolicy,
  OperativeEligibility,
} from "../../../shared/operator.ts";
import type { AuditLogPage, AuditQuery, BoardWeek, IncidentView, InviteOperativeInput } from "../../../shared/operatives.ts";
import type { Role } from "../../../shared/roles.ts";
import { apiRequest } from "../../lib/api-client.ts";
import type { BookingChanges, ProposeVersionInput } from "../../../shared/booking-changes.ts";

// The operator console's server calls (ADR 025, ADR 070). Failures become toasts
// (query-client.ts); the screens show their own loading and empty states.

export type QueueFilters = Omit<BookingQueueQuery, "cursor" | "limit">;

function queueSearch(filters: QueueFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (cursor) params.set("cursor", cursor);
  params.set("limit", "50");
  return params.toString();
}

/** GET /api/admin/bookings, page by page. */
/** What a live booking event makes stale (docs/booking-lifecycle.md): every queue page and the booking's detail. */
export function operatorBookingKeysFor(event: LiveEvent): QueryKey[] {
  return event.bookingId
    ? [
        ["admin", "bookings"],
        ["admin", "booking", event.bookingId],
      ]
    : [["admin", "bookings"]];
}

export const bookingQueueQuery = (filters: QueueFilters) =>
  infiniteQueryOptions({
    queryKey: ["admin", "bookings", filters],
    queryFn: ({ pageParam }) => apiRequest<BookingQueuePage>(`/api/admin/bookings?${queueSearch(filters, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const bookingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "booking", id],
    queryFn: () => apiRequest<AdminBookingDetail>(`/api/admin/bookings/${encodeURIComponent(id)}`),
  });

export const operativesQuery = queryOptions({
  queryKey: ["admin", "operatives"],
  queryFn: () => apiRequest<{ operatives: Operative[] }>("/api/admin/operatives"),
});

export type BookingDecision =
  | { kind: "confirm"; body: z.input<typeof confirmBookingSchema> }
  | { kind: "decline"; body: { reason: string } }
  | { kind: "cancel"; body: { reason: string } };

export function decideBooking(id: string, decision: BookingDecision) {
  return apiRequest<AdminBookingDetail>(`/api/admin/bookings/${encodeURIComponent(id)}/${decision.kind}`, { body: decision.body });
}

export function assignOperatives(id: string, operatives: { operativeId: string; lead: boolean }[]) {
  return apiRequest<{ assignments: AssignmentView[] }>(`/api/admin/bookings/${encodeURIComponent(id)}/assignments`, {
    body: { operatives },
  });
}

export const idDocumentsQuery = queryOptions({
  queryKey: ["admin", "id-documents", "pending"],
  queryFn: () => apiRequest<{ documents: IdReviewItem[] }>("/api/admin/id-verifications?status=pending"),
});

/** GET /api/admin/id-verifications/:id: one document with its audit trail (ADR 070). */
export const idDocumentQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "id-documents", "one", id],
    queryFn: () => apiRequest<IdReviewItem & { audit: AuditEntry[] }>(`/api/admin/id-verifications/${encodeURIComponent(id)}`),
  });

export function reviewIdDocument(input: { id: string; decision: "approve" } | { id: string; decision: "reject"; reason: string }) {
  return apiRequest<IdReviewItem>(`/api/admin/id-verifications/${encodeURIComponent(input.id)}/${input.decision}`, {
    method: "POST",
    body: input.decision === "reject" ? { reason: input.reason } : {},
  });
}

export function saveOperative(input: OperativeInput, id?: string) {
  return apiRequest<Operative>(id ? `/api/admin/operatives/${encodeURIComponent(id)}` : "/api/admin/operatives", {
    method: id ? "PUT" : "POST",
    body: input,
  });
}

export function removeOperative(id: string) {
  return apiRequest<{ deleted: boolean }>(`/api/admin/operatives/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export type StaffUser = { id: string; email: string; role: string; fullName: string };

export const usersQuery = (search: string) =>
  queryOptions({
    queryKey: ["admin", "users", search],
    queryFn: () => apiRequest<{ users: StaffUser[] }>(`/api/admin/users${search ? `?q=${encodeURIComponent(search)}` : ""}`),
  });

export function grantRole(id: string, role: Role) {
  return apiRequest<{ id: string; role: Role }>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: "POST", body: { role } });
}

export const staffPolicyQuery = queryOptions({
  queryKey: ["admin", "policy"],
  queryFn: () => apiRequest<StaffPolicy>("/api/admin/policy"),
});

/**
 * ADR 119: asked once before the console's screens mount. The answer is the staff policy, which
 * every staff member may read; what matters is whether the console's guard lets this person in.
 * Its failure is shown by the console itself, never as a toast.
 */
export const consoleAccessQuery = queryOptions({
  queryKey: ["admin", "access"],
  queryFn: () => apiRequest<StaffPolicy>("/api/admin/policy"),
  retry: false,
  meta: { inlineErrors: true },
});

export function updateStaffPolicy(policy: StaffPolicy) {
  return apiRequest<StaffPolicy>("/api/admin/policy", { method: "PUT", body: policy });
}

export const catalogueQuery = queryOptions({
  queryKey: ["admin", "services"],
  queryFn: () => apiRequest<{ services: EditableService[] }>("/api/admin/services"),
});

export function saveService(id: string, input: ServiceEditInput) {
  return apiRequest<EditableService>(`/api/admin/services/${encodeURIComponent(id)}`, { method: "PUT", body: input });
}

/** GET /api/admin/bookings/:id/eligibility: who can take the booking, and why not (ADR 162). */
export const eligibilityQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["admin", "booking", bookingId, "eligibility"],
    queryFn: () => apiRequest<{ operatives: OperativeEligibility[] }>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/eligibility`),
  });

/** GET /api/admin/board?week=: the schedule board (ADR 166). */
export const boardQuery = (week: string) =>
  queryOptions({
    queryKey: ["admin", "board", week],
    queryFn: () => apiRequest<BoardWeek>(`/api/admin/board?week=${encodeURIComponent(week)}`),
  });

export type AuditFilters = Omit<AuditQuery, "cursor" | "limit">;

/** GET /api/admin/audit: the whole console's log, page by page. */
export const auditLogQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", filters],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<AuditLogPage>(`/api/admin/audit?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function inviteOperative(id: string, input: InviteOperativeInput) {
  return apiRequest<{ invitedAt: string; email: string }>(`/api/admin/operatives/${encodeURIComponent(id)}/invite`, { body: input });
}

export function reviewIncident(id: string, share: boolean) {
  return apiRequest<IncidentView>(`/api/admin/incidents/${encodeURIComponent(id)}/review`, { body: { share } });
}

export const operativeRatingsQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "operatives", id, "ratings"],
    queryFn: () => apiRequest<{ average: number | null; count: number }>(`/api/admin/operatives/${encodeURIComponent(id)}/ratings`),
  });

/** GET /api/admin/bookings/:id/changes (docs/product.md §12): under the booking's key, so its live events refresh it. */
export const operatorBookingChangesQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "booking", id, "changes"],
    queryFn: () => apiRequest<BookingChanges>(`/api/admin/bookings/${encodeURIComponent(id)}/changes`),
  });

export type OperatorChangeStep =
  | { kind: "propose"; body: ProposeVersionInput }
  | { kind: "accept"; requestId: string }
  | { kind: "decline"; requestId: string; reason: string };

/** Propose a changed booking, or accept or decline a customer's change request. */
export function operatorBookingChange(id: string, step: OperatorChangeStep) {
  const base = `/api/admin/bookings/${encodeURIComponent(id)}`;
  if (step.kind === "propose") return apiRequest<BookingChanges>(`${base}/versions`, { body: step.body });
  const path = `${base}/change-requests/${encodeURIComponent(step.requestId)}/${step.kind}`;
  return apiRequest<BookingChanges>(path, step.kind === "decline" ? { body: { reason: step.reason } } : { method: "POST" });
}
