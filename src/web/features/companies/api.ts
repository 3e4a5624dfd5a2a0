import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CompanyBookingFilter,
  CompanyBookingView,
  CompanyPolicy,
  CompanySpendRow,
  CompanySummary,
  CompanyView,
  IncomingInvitation,
} from "../../../shared/companies.ts";
import { apiRequest } from "../../lib/api-client.ts";
import type { ErrorTitleKey } from "../../lib/api-error-meta.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// docs/companies.md: the company page's server calls (ADR 025). Every write refreshes the company
// and its bookings through the feature's keys (ADR 213).

const companiesKey = ["companies"] as const;

export type CompanyDocument = {
  id: string;
  kind: string;
  number: string;
  issueDate: string;
  totalCents: number;
  bookingId: string;
  costCentre: string | null;
};

export const myCompaniesQuery = queryOptions({
  queryKey: [...companiesKey, "mine"],
  queryFn: () => apiRequest<{ companies: CompanySummary[]; invitations: IncomingInvitation[] }>("/api/companies"),
  meta: { errorTitleKey: "companies:loadFailed" },
});

export const companyQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...companiesKey, companyId],
    queryFn: () => apiRequest<CompanyView>(`/api/companies/${encodeURIComponent(companyId)}`),
    meta: { errorTitleKey: "companies:loadFailed" },
  });

export const companyBookingsQuery = (companyId: string, filter: CompanyBookingFilter) =>
  queryOptions({
    queryKey: [...companiesKey, companyId, "bookings", filter],
    queryFn: () => {
      const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
      return apiRequest<CompanyBookingView[]>(`/api/companies/${encodeURIComponent(companyId)}/bookings?${query.toString()}`);
    },
    meta: { errorTitleKey: "companies:loadFailed" },
  });

export const companySpendQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...companiesKey, companyId, "spend"],
    queryFn: () => apiRequest<CompanySpendRow[]>(`/api/companies/${encodeURIComponent(companyId)}/spend`),
    meta: { errorTitleKey: "companies:loadFailed" },
  });

export const companyDocumentsQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...companiesKey, companyId, "documents"],
    queryFn: () => apiRequest<CompanyDocument[]>(`/api/companies/${encodeURIComponent(companyId)}/documents`),
    meta: { errorTitleKey: "companies:loadFailed" },
  });

export const companySpendCsvUrl = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/spend.csv`;
export const documentPdfUrl = (documentId: string) => `/api/invoices/documents/${encodeURIComponent(documentId)}/pdf`;

function useCompanyWrite<Input>(request: (input: Input) => Promise<unknown>, errorTitleKey: ErrorTitleKey, inline = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => invalidateAfterWrite(client, { queryKey: companiesKey }),
    meta: { errorTitleKey, ...(inline && { inlineErrors: ["invalid_input", "already_exists"] as const }) },
  });
}

export const useAcceptInvitation = () =>
  useCompanyWrite(
    (invitationId: string) => apiRequest(`/api/companies/invitations/${encodeURIComponent(invitationId)}/accept`, { method: "POST" }),
    "companies:failed",
  );

export const useInviteMember = (companyId: string, language: string) =>
  useCompanyWrite(
    (body: { email: string; role: string }) =>
      apiRequest(`/api/companies/${encodeURIComponent(companyId)}/invitations?language=${language === "sv" ? "sv" : "en"}`, {
        method: "POST",
        body,
      }),
    "companies:failed",
    true,
  );

export const useChangeRole = (companyId: string) =>
  useCompanyWrite(
    ({ userId, role }: { userId: string; role: string }) =>
      apiRequest(`/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}/role`, {
        method: "PUT",
        body: { role },
      }),
    "companies:failed",
  );

export const useRemoveMember = (companyId: string) =>
  useCompanyWrite(
    (userId: string) =>
      apiRequest(`/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    "companies:failed",
  );

export const useSavePolicy = (companyId: string) =>
  useCompanyWrite(
    (body: CompanyPolicy) => apiRequest(`/api/companies/${encodeURIComponent(companyId)}/policy`, { method: "PUT", body }),
    "companies:failed",
    true,
  );

export const useDelegate = (companyId: string) =>
  useCompanyWrite(
    (body: { delegateUserId: string; untilDate: string }) =>
      apiRequest(`/api/companies/${encodeURIComponent(companyId)}/delegation`, { method: "PUT", body }),
    "companies:failed",
  );

export const useApproveBooking = () =>
  useCompanyWrite(
    (bookingId: string) => apiRequest(`/api/companies/bookings/${encodeURIComponent(bookingId)}/approve`, { method: "POST" }),
    "companies:failed",
  );

export const useDeclineBooking = () =>
  useCompanyWrite(
    ({ bookingId, reason }: { bookingId: string; reason: string | undefined }) =>
      apiRequest(`/api/companies/bookings/${encodeURIComponent(bookingId)}/decline`, { method: "POST", body: { reason } }),
    "companies:failed",
  );
