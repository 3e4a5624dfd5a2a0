import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type {
  AssignmentBrief,
  IncidentReportInput,
  IncidentView,
  MyAssignment,
  MyOperativeRecord,
  OperativeStatus,
} from "../../../shared/operatives.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";
import { submitFromDevice, useWaitingWrites } from "../../lib/operative-outbox.ts";

// The operative's own area (docs/operatives.md): their assignments, answers, the brief, the lead's
// status and incident reports. Screens show failures in the page (a two-factor notice, not found).

const key = ["operative"] as const;

export const myAssignmentsQuery = queryOptions({
  queryKey: [...key, "assignments"],
  queryFn: () => apiRequest<{ assignments: MyAssignment[] }>("/api/operative/assignments"),
  meta: { inlineErrors: true },
  retry: false,
  // A phone left open on the list picks up new offers without a reload.
  refetchInterval: 60_000,
});

/** ADR 220: the operative's own roster record (profile and licence). */
export const myRecordQuery = queryOptions({
  queryKey: [...key, "me"],
  queryFn: () => apiRequest<MyOperativeRecord>("/api/operative/me"),
  meta: { inlineErrors: true },
  retry: false,
});

export const briefQuery = (id: string) =>
  queryOptions({
    queryKey: [...key, "brief", id],
    queryFn: () => apiRequest<AssignmentBrief>(`/api/operative/assignments/${encodeURIComponent(id)}/brief`),
    meta: { inlineErrors: true },
    retry: false,
  });

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; answer: "accept" } | { id: string; answer: "decline"; reason: string }) =>
      apiRequest<MyAssignment>(`/api/operative/assignments/${encodeURIComponent(input.id)}/${input.answer}`, {
        method: "POST",
        body: input.answer === "decline" ? { reason: input.reason } : {},
      }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: key }),
  });
}

export const statusPath = (id: string) => `/api/operative/assignments/${encodeURIComponent(id)}/status`;

/**
 * The lead's step, through the device's outbox (ADR 293): its answer, or null when the phone is
 * offline and the step waits on the device to be sent.
 */
export function useMarkStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Kept on the phone even offline: the outbox decides when it leaves.
    networkMode: "always",
    mutationFn: (input: { status: OperativeStatus; label: string }) =>
      submitFromDevice<MyAssignment>({ method: "POST", path: statusPath(id), body: { status: input.status }, label: input.label }),
    onSuccess: (answer) => {
      if (answer) void invalidateAfterWrite(queryClient, { queryKey: key });
    },
  });
}

export function useFileIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IncidentReportInput) =>
      apiRequest<IncidentView>(`/api/operative/assignments/${encodeURIComponent(id)}/incidents`, { body: input }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: [...key, "brief", id] }),
  });
}

/** ADR 293: once writes kept on the phone have left, the area's screens read the server again. */
export function useRefreshWhenSent() {
  const queryClient = useQueryClient();
  const waiting = useWaitingWrites().length;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) void invalidateAfterWrite(queryClient, { queryKey: key });
    before.current = waiting;
  }, [waiting, queryClient]);
}
