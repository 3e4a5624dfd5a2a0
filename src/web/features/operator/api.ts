import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
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
import type { ApiErrorMeta } from "../../lib/api-error-meta.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";
import type { BookingChanges, ProposeVersionInput } from "../../../shared/booking-changes.ts";

// The operator console's server calls (ADR 025, ADR 070). Failures become toasts
// (query-client.ts); the screens show their own loading and empty states. Each mutation writes
// what it changed into the cache here; the screens add only what the visitor sees (a toast, a
// dialog closing) through mutate's own callbacks.

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
  | { kind: "cancel"; body: { reason: string } }
  // ADR 226: more time for a customer whose charge at confirmation failed.
  | { kind: "payment-deadline"; body: { hours: number } };

/** Confirm, decline or cancel a booking: the detail shows the answer, and every console list reloads. */
export function useDecideBooking(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: BookingDecision) =>
      apiRequest<AdminBookingDetail>(`/api/admin/bookings/${encodeURIComponent(id)}/${decision.kind}`, { body: decision.body }),
    onSuccess: async (detail) => {
      client.setQueryData(bookingDetailQuery(id).queryKey, detail);
      await invalidateAfterWrite(client, { queryKey: ["admin"] });
    },
  });
}

/** Offer the booking to operatives (ADR 162); a refusal is shown in the dialog, not as a toast. */
export function useAssignOperatives(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operatives: { operativeId: string; lead: boolean }[]) =>
      apiRequest<{ assignments: AssignmentView[] }>(`/api/admin/bookings/${encodeURIComponent(id)}/assignments`, {
        body: { operatives },
      }),
    meta: { inlineErrors: true },
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["admin"] }),
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

export type IdDocumentDecision = { id: string; decision: "approve" } | { id: string; decision: "reject"; reason: string };

export function useReviewIdDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IdDocumentDecision) =>
      apiRequest<IdReviewItem>(`/api/admin/id-verifications/${encodeURIComponent(input.id)}/${input.decision}`, {
        method: "POST",
        body: input.decision === "reject" ? { reason: input.reason } : {},
      }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["admin", "id-documents"] }),
  });
}

/** Add an operative (no id) or save one. */
export function useSaveOperative(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OperativeInput) =>
      apiRequest<Operative>(id ? `/api/admin/operatives/${encodeURIComponent(id)}` : "/api/admin/operatives", {
        method: id ? "PUT" : "POST",
        body: input,
      }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["admin", "operatives"] }),
  });
}

export type StaffUser = { id: string; email: string; role: string; fullName: string };

export const usersQuery = (search: string) =>
  queryOptions({
    queryKey: ["admin", "users", search],
    queryFn: () => apiRequest<{ users: StaffUser[] }>(`/api/admin/users${search ? `?q=${encodeURIComponent(search)}` : ""}`),
  });

export function useGrantRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      apiRequest<{ id: string; role: Role }>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: "POST", body: { role } }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["admin", "users"] }),
  });
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

export function useUpdateStaffPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: StaffPolicy) => apiRequest<StaffPolicy>("/api/admin/policy", { method: "PUT", body: policy }),
    onSuccess: (saved) => client.setQueryData(staffPolicyQuery.queryKey, saved),
  });
}

export const catalogueQuery = queryOptions({
  queryKey: ["admin", "services"],
  queryFn: () => apiRequest<{ services: EditableService[] }>("/api/admin/services"),
});

export function useSaveService(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceEditInput) =>
      apiRequest<EditableService>(`/api/admin/services/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["admin", "services"] }),
  });
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

/** ADR 160: the email address's problems are shown beside the field, not as a toast. */
export function useInviteOperative(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteOperativeInput) =>
      apiRequest<{ invitedAt: string; email: string }>(`/api/admin/operatives/${encodeURIComponent(id)}/invite`, { body: input }),
    meta: { inlineErrors: true },
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["admin", "operatives"] }),
  });
}

/** Mark an incident report reviewed, or share it with the customer; the booking's detail reloads. */
export function useReviewIncident(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, share }: { id: string; share: boolean }) =>
      apiRequest<IncidentView>(`/api/admin/incidents/${encodeURIComponent(id)}/review`, { body: { share } }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: bookingDetailQuery(bookingId).queryKey }),
  });
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

function changeBooking(id: string, step: OperatorChangeStep) {
  const base = `/api/admin/bookings/${encodeURIComponent(id)}`;
  if (step.kind === "propose") return apiRequest<BookingChanges>(`${base}/versions`, { body: step.body });
  const path = `${base}/change-requests/${encodeURIComponent(step.requestId)}/${step.kind}`;
  return apiRequest<BookingChanges>(path, step.kind === "decline" ? { body: { reason: step.reason } } : { method: "POST" });
}

function useChangeBooking<Input>(id: string, toStep: (input: Input) => OperatorChangeStep, meta?: ApiErrorMeta) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => changeBooking(id, toStep(input)),
    meta,
    onSuccess: async (changes) => {
      client.setQueryData(operatorBookingChangesQuery(id).queryKey, changes);
      await invalidateAfterWrite(client, { queryKey: ["admin"] });
    },
  });
}

/** Accept or decline a customer's change request: the changes show the answer, and every console list reloads. */
export const useOperatorBookingChange = (id: string) => useChangeBooking(id, (step: OperatorChangeStep) => step);

/** Propose a changed booking (docs/product.md §12); field errors are shown beside their fields, anything else is a toast. */
export const useProposeBookingChange = (id: string) =>
  useChangeBooking(id, (body: ProposeVersionInput): OperatorChangeStep => ({ kind: "propose", body }), {
    inlineErrors: (error) => Object.keys(error.fields).length > 0,
  });
