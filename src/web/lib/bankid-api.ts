import { queryOptions } from "@tanstack/react-query";
import type { BankIdMessageId } from "../../shared/bankid.ts";
import { apiRequest } from "./api-client.ts";

// The BankID calls (ADR 272), shared by the login page and the security settings through
// components/bankid-dialog.tsx. The browser never sees BankID's order reference or QR secret.

export type BankIdPurpose = "sign-in" | "link";
export type BankIdStartedBy = "qr" | "sameDevice";
export type BankIdOrderView = {
  status: "pending" | "complete" | "failed" | "cancelled";
  message: BankIdMessageId;
  qr: string | null;
  outcome: "signedIn" | "linked" | "noAccount" | "linkedElsewhere" | null;
};
export type BankIdIdentity = {
  available: boolean;
  linked: { name: string; personalNumber: string; linkedAt: string } | null;
};

/**
 * Whether the firm has BankID configured, asked once per page load (a failed answer is asked again
 * next time) and shown as no BankID, without a toast. ADR 298: a promise rather than a query, so
 * /login's first view carries no query observer for it.
 */
let availability: Promise<boolean> | undefined;
export function bankIdAvailability(): Promise<boolean> {
  availability ??= apiRequest<{ available: boolean }>("/api/bankid/availability").then(
    (answer) => answer.available,
    () => {
      availability = undefined;
      return false;
    },
  );
  return availability;
}

export const bankIdIdentityQuery = queryOptions({
  queryKey: ["account", "bankid"],
  queryFn: () => apiRequest<BankIdIdentity>("/api/bankid/identity"),
  meta: { inlineErrors: true },
});

export const bankIdRequests = {
  start: (purpose: BankIdPurpose, startedBy: BankIdStartedBy) =>
    apiRequest<{ id: string; autoStartLink: string }>("/api/bankid/orders", { body: { purpose, startedBy } }),
  poll: (id: string) => apiRequest<BankIdOrderView>(`/api/bankid/orders/${encodeURIComponent(id)}`),
  cancel: (id: string) => apiRequest<{ ok: true }>(`/api/bankid/orders/${encodeURIComponent(id)}/cancel`, { body: {} }),
  /** Links the person of a sign-in BankID found no account for to the account this browser has just signed in to. */
  linkAfterSignIn: (orderId: string) => apiRequest<{ outcome: "linked" | "linkedElsewhere" }>("/api/bankid/link", { body: { orderId } }),
  unlink: () => apiRequest<{ ok: true }>("/api/bankid/identity", { method: "DELETE" }),
};
