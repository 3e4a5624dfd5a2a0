import { randomUUID } from "node:crypto";
import { siteCatalogue } from "../../shared/catalogue.ts";
import type { App } from "../app.ts";
import { validProfile } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { operativeBody } from "../test-support/operator.ts";

// The hostile-input suite's map of the API (ADR 084): every registered endpoint once, with who may
// call it, what its body is and a valid example of it. `endpoint-table.test.ts` fails when a route
// is registered and missing here, so a new endpoint cannot escape the CSRF, body, injection and
// fuzzing tests, which all iterate this table.

/**
 * Who the endpoint serves: anyone, a signed-in user (own rows only), staff, an operative (own
 * assignments only, ADR 160), the dev mailbox, or the metrics scraper holding METRICS_TOKEN.
 */
export type Access = "public" | "user" | "staff" | "admin" | "operative" | "development" | "metrics-token";

/** json: a JSON object body; upload: the raw bytes of an image; none: the body is not read. */
export type BodyKind = "json" | "upload" | "none";

export type Endpoint = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  access: Access;
  body: BodyKind;
  /** A body the validator accepts (json endpoints), the base of the fuzzer's mutations. */
  example?: () => Record<string, unknown>;
  /** A query string the validator accepts (endpoints validating their query). */
  query?: string;
};

/** A valid booking with a note, the booking's one free-text field. */
const bookingExample = () => ({ ...bookingRequest(), notes: "Two entrances, please ring first." });

/** A Swedish company's fields (docs/invoices.md). */
const businessExample = () => ({
  companyName: "Lindqvist Säkerhet AB",
  organisationNumber: "556012-5790",
  vatNumber: "SE556012579001",
  billingAddress: "Box 123, 114 56 Stockholm",
});

/** The residential service as the catalogue seeds it, in the editor's shape. */
const serviceEditExample = () => {
  const { id: _id, ...service } = siteCatalogue[0] ?? {};
  return { ...service, sortOrder: 1 };
};

export const endpoints: Endpoint[] = [
  { method: "GET", path: "/api/health", access: "public", body: "none" },
  { method: "GET", path: "/api/ready", access: "public", body: "none" },
  { method: "GET", path: "/api/metrics", access: "metrics-token", body: "none" },
  {
    method: "POST",
    path: "/api/affiliate/applications",
    access: "public",
    body: "json",
    example: () => ({ fullName: "Astrid Lind", email: "astrid@example.se", audience: "concierge", message: "Hello", language: "en" }),
  },
  { method: "POST", path: "/api/account/check-email", access: "public", body: "json", example: () => ({ email: "someone@example.test" }) },
  {
    method: "POST",
    path: "/api/account/verification-code",
    access: "public",
    body: "json",
    example: () => ({ email: `fuzz-${randomUUID()}@example.test`, language: "en" }),
  },
  {
    method: "POST",
    path: "/api/account/verify-code",
    access: "public",
    body: "json",
    example: () => ({ email: "someone@example.test", code: "1234" }),
  },
  {
    method: "POST",
    path: "/api/account/sign-up",
    access: "public",
    body: "json",
    example: () => ({ ...validProfile, verificationToken: "a".repeat(43), email: "someone@example.test" }),
  },
  {
    method: "POST",
    path: "/api/account/sign-in",
    access: "public",
    body: "json",
    example: () => ({ email: "someone@example.test", password: "Harbour-Lantern-42" }),
  },
  { method: "POST", path: "/api/account/sign-out", access: "public", body: "none" },
  { method: "GET", path: "/api/account/session", access: "public", body: "none" },
  { method: "GET", path: "/api/account/profile", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/account/password-reset-request",
    access: "public",
    body: "json",
    example: () => ({ email: "someone@example.test", language: "en" }),
  },
  {
    method: "POST",
    path: "/api/account/password-reset",
    access: "public",
    body: "json",
    example: () => ({ token: "a".repeat(32), newPassword: "Quartz-Meadow-Lantern-77" }),
  },
  { method: "GET", path: "/api/account/payment-methods", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/account/payment-methods",
    access: "user",
    body: "json",
    example: () => ({ cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" }),
  },
  {
    method: "POST",
    path: "/api/account/payment-methods/provider",
    access: "user",
    body: "json",
    example: () => ({ providerMethodId: "pm_card_visa" }),
  },
  { method: "POST", path: "/api/account/payment-methods/:id/default", access: "user", body: "none" },
  { method: "DELETE", path: "/api/account/payment-methods/:id", access: "user", body: "none" },
  { method: "GET", path: "/api/account/id-verifications", access: "user", body: "none" },
  { method: "POST", path: "/api/account/id-verifications", access: "user", body: "upload", query: "type=passport" },
  { method: "DELETE", path: "/api/account/id-verifications/:id", access: "user", body: "none" },
  { method: "GET", path: "/api/account/id-verifications/:id/file", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/account/security/sign-in/second-factor",
    access: "public",
    body: "json",
    example: () => ({ method: "totp", code: "123456", trustDevice: false }),
  },
  { method: "GET", path: "/api/account/security", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/account/security/password",
    access: "user",
    body: "json",
    example: () => ({ currentPassword: "not-the-password", newPassword: "Quartz-Meadow-Lantern-77" }),
  },
  {
    method: "POST",
    path: "/api/account/security/two-factor/enable",
    access: "user",
    body: "json",
    example: () => ({ password: "not-the-password" }),
  },
  { method: "POST", path: "/api/account/security/two-factor/confirm", access: "user", body: "json", example: () => ({ code: "123456" }) },
  {
    method: "POST",
    path: "/api/account/security/two-factor/disable",
    access: "user",
    body: "json",
    example: () => ({ password: "not-the-password", code: "123456" }),
  },
  { method: "GET", path: "/api/account/security/deletion-check", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/account/security/delete-account",
    access: "user",
    body: "json",
    example: () => ({ password: "not-the-password" }),
  },
  { method: "GET", path: "/api/account/security/export", access: "user", body: "none" },
  { method: "GET", path: "/api/services", access: "public", body: "none", query: "language=sv" },
  { method: "GET", path: "/api/places", access: "public", body: "none", query: "q=Stock" },
  { method: "GET", path: "/api/places/reverse", access: "public", body: "none", query: "lat=59.33&lon=18.06" },
  {
    method: "POST",
    path: "/api/bookings/quote",
    access: "public",
    body: "json",
    example: () => {
      const { bookingId: _id, location: _location, notes: _notes, ...quote } = bookingExample();
      return quote;
    },
  },
  { method: "POST", path: "/api/bookings", access: "user", body: "json", example: bookingExample },
  { method: "GET", path: "/api/bookings", access: "user", body: "none", query: "window=month" },
  { method: "GET", path: "/api/bookings/:id", access: "user", body: "none" },
  { method: "POST", path: "/api/bookings/:id/cancel", access: "user", body: "none" },
  { method: "POST", path: "/api/bookings/:id/payment/approve", access: "user", body: "none" },
  // ADR 225: the customer secures the money of a booking whose charge at confirmation failed.
  {
    method: "POST",
    path: "/api/bookings/:id/payment",
    access: "user",
    body: "json",
    example: () => ({ paymentMethodId: "00000000-0000-4000-8000-000000000001", attemptId: "00000000-0000-4000-8000-000000000002" }),
  },
  // ADR 244: a booking paid by invoice moves to a saved card until it is confirmed.
  {
    method: "POST",
    path: "/api/bookings/:id/card-payment",
    access: "user",
    body: "json",
    example: () => ({ paymentMethodId: "00000000-0000-4000-8000-000000000001", attemptId: "00000000-0000-4000-8000-000000000002" }),
  },
  // ADR 226: the operator gives a customer more time to pay.
  { method: "POST", path: "/api/admin/bookings/:id/payment-deadline", access: "staff", body: "json", example: () => ({ hours: 24 }) },
  // docs/product.md §12: the booking's message thread, customer side and staff side.
  { method: "GET", path: "/api/bookings/messages/unread", access: "user", body: "none" },
  { method: "GET", path: "/api/bookings/:id/messages", access: "user", body: "none" },
  { method: "POST", path: "/api/bookings/:id/messages", access: "user", body: "json", example: () => ({ text: "We land at 18:05." }) },
  { method: "POST", path: "/api/bookings/:id/messages/read", access: "user", body: "json", example: () => ({ lastSeenId: 0 }) },
  { method: "GET", path: "/api/admin/bookings/:id/messages", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/messages",
    access: "staff",
    body: "json",
    example: () => ({ text: "The car waits at gate 2." }),
  },
  { method: "POST", path: "/api/admin/bookings/:id/messages/read", access: "staff", body: "json", example: () => ({ lastSeenId: 0 }) },
  // docs/product.md §12: quote versions and change requests.
  { method: "GET", path: "/api/bookings/:id/changes", access: "user", body: "none" },
  { method: "POST", path: "/api/bookings/:id/versions/:versionId/approve", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/bookings/:id/versions/:versionId/decline",
    access: "user",
    body: "json",
    example: () => ({ reason: "The first plan suits us better." }),
  },
  {
    method: "POST",
    path: "/api/bookings/:id/change-requests",
    access: "user",
    body: "json",
    example: () => ({ meetingPoint: "Grand Hôtel, main entrance", message: "Our flight lands an hour later." }),
  },
  { method: "GET", path: "/api/admin/bookings/:id/changes", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/versions",
    access: "staff",
    body: "json",
    example: () => ({
      startDate: "2030-06-01",
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day" } }],
      reason: "A second guard for the gate.",
    }),
  },
  { method: "POST", path: "/api/admin/bookings/:id/change-requests/:requestId/accept", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/change-requests/:requestId/decline",
    access: "staff",
    body: "json",
    example: () => ({ reason: "No team is free that day." }),
  },
  { method: "POST", path: "/api/payments/webhook", access: "public", body: "none" },
  { method: "POST", path: "/api/notifications/sms-reports/:secret", access: "public", body: "none" },
  { method: "GET", path: "/api/notifications/push-key", access: "user", body: "none" },
  { method: "GET", path: "/api/notifications/push-subscriptions", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/notifications/push-subscriptions",
    access: "user",
    body: "json",
    example: () => ({
      endpoint: "https://push.example.test/send/abc",
      keys: {
        p256dh: "BFC89scCImxzxvZLHlrJK13eaz8zWsd4EOuxiTxK_WgeWkK02GkFrGU3-clUdW7xf5jS5Yfz7Fit1kuws231wzc",
        auth: "8ltPujgoPXEtzE_1dYYbjg",
      },
    }),
  },
  {
    method: "DELETE",
    path: "/api/notifications/push-subscriptions",
    access: "user",
    body: "json",
    example: () => ({ endpoint: "https://push.example.test/send/abc" }),
  },
  { method: "GET", path: "/api/notifications/arrival/:bookingId", access: "user", body: "none" },
  { method: "GET", path: "/api/payments/config", access: "public", body: "none" },
  { method: "GET", path: "/payments/challenge/:id", access: "public", body: "none" },
  { method: "POST", path: "/payments/challenge/:id", access: "public", body: "none" },
  {
    method: "GET",
    path: "/api/admin/payments",
    access: "staff",
    body: "none",
    query: "status=paid&holdsExpiringBeforeReply=false&from=2026-01-01&to=2026-12-31",
  },
  { method: "GET", path: "/api/admin/bookings/:id/ledger", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/refunds",
    access: "staff",
    body: "json",
    example: () => ({ amountCents: 1000, reason: "One guard arrived late." }),
  },
  {
    method: "POST",
    path: "/api/bookings/:id/rating",
    access: "user",
    body: "json",
    example: () => ({ stars: 5, comment: "Calm and punctual." }),
  },
  { method: "GET", path: "/api/operative/assignments", access: "operative", body: "none" },
  // ADR 220: the operative's own roster record and licence.
  { method: "GET", path: "/api/operative/me", access: "operative", body: "none" },
  { method: "POST", path: "/api/operative/assignments/:id/accept", access: "operative", body: "none" },
  {
    method: "POST",
    path: "/api/operative/assignments/:id/decline",
    access: "operative",
    body: "json",
    example: () => ({ reason: "I am abroad that week." }),
  },
  { method: "GET", path: "/api/operative/assignments/:id/brief", access: "operative", body: "none" },
  {
    method: "POST",
    path: "/api/operative/assignments/:id/status",
    access: "operative",
    body: "json",
    example: () => ({ status: "on_the_way" }),
  },
  {
    method: "POST",
    path: "/api/operative/assignments/:id/incidents",
    access: "operative",
    body: "json",
    example: () => ({ occurredAt: "2026-11-20T21:15:00.000Z", severity: "amber", text: "A photographer followed the car." }),
  },
  { method: "GET", path: "/api/events/stream", access: "user", body: "none" },
  { method: "GET", path: "/api/emergency-contacts", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/emergency-contacts",
    access: "user",
    body: "json",
    example: () => ({ name: "Karin Lindqvist", phone: "+46 70 765 43 21", email: "karin@example.test" }),
  },
  {
    method: "PUT",
    path: "/api/emergency-contacts/:id",
    access: "user",
    body: "json",
    example: () => ({ name: "Karin Lindqvist", phone: "+46 70 765 43 21", email: "" }),
  },
  { method: "DELETE", path: "/api/emergency-contacts/:id", access: "user", body: "none" },
  {
    method: "PATCH",
    path: "/api/profile",
    access: "user",
    body: "json",
    example: () => ({ fullName: "Astrid Lindqvist", city: "Göteborg", language: "sv" }),
  },
  { method: "GET", path: "/api/profile/notifications", access: "user", body: "none" },
  {
    method: "PUT",
    path: "/api/profile/notifications",
    access: "user",
    body: "json",
    example: () => ({ emailNotifications: true, pushNotifications: false }),
  },
  { method: "GET", path: "/api/profile/emails", access: "user", body: "none" },
  {
    method: "POST",
    path: "/api/profile/emails",
    access: "user",
    body: "json",
    example: () => ({ email: `work-${randomUUID().slice(0, 8)}@example.test` }),
  },
  {
    method: "PATCH",
    path: "/api/profile/emails/:id",
    access: "user",
    body: "json",
    example: () => ({ email: `home-${randomUUID().slice(0, 8)}@example.test` }),
  },
  { method: "DELETE", path: "/api/profile/emails/:id", access: "user", body: "none" },
  { method: "POST", path: "/api/profile/emails/:id/code", access: "user", body: "none" },
  { method: "POST", path: "/api/profile/emails/:id/verify", access: "user", body: "json", example: () => ({ code: "1234" }) },
  { method: "POST", path: "/api/profile/avatar", access: "user", body: "upload" },
  { method: "DELETE", path: "/api/profile/avatar", access: "user", body: "none" },
  { method: "GET", path: "/api/profile/avatar", access: "user", body: "none" },
  { method: "GET", path: "/api/admin/bookings", access: "staff", body: "none", query: "status=pending&from=2026-01-01&to=2026-12-31" },
  { method: "GET", path: "/api/admin/bookings/:id", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/confirm",
    access: "staff",
    body: "json",
    example: () => ({ adjustedTotal: 1500, note: "Your guard will call the day before." }),
  },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/decline",
    access: "staff",
    body: "json",
    example: () => ({ reason: "No guards free on those days." }),
  },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/cancel",
    access: "staff",
    body: "json",
    example: () => ({ reason: "Customer called." }),
  },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/assignments",
    access: "staff",
    body: "json",
    example: () => ({ operatives: [{ operativeId: randomUUID(), lead: true }] }),
  },
  { method: "DELETE", path: "/api/admin/bookings/:id/assignments/:operativeId", access: "staff", body: "none" },
  { method: "GET", path: "/api/admin/operatives", access: "staff", body: "none" },
  { method: "POST", path: "/api/admin/operatives", access: "staff", body: "json", example: operativeBody },
  { method: "GET", path: "/api/admin/operatives/:id", access: "staff", body: "none" },
  { method: "PUT", path: "/api/admin/operatives/:id", access: "staff", body: "json", example: operativeBody },
  { method: "DELETE", path: "/api/admin/operatives/:id", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/operatives/:id/invite",
    access: "staff",
    body: "json",
    example: () => ({ email: `operative-${randomUUID().slice(0, 8)}@example.test`, language: "sv" }),
  },
  { method: "GET", path: "/api/admin/operatives/:id/ratings", access: "staff", body: "none" },
  { method: "GET", path: "/api/admin/bookings/:id/eligibility", access: "staff", body: "none" },
  { method: "GET", path: "/api/admin/board", access: "staff", body: "none", query: "week=2026-11-23" },
  { method: "GET", path: "/api/admin/audit", access: "staff", body: "none", query: "kind=booking&from=2026-01-01&to=2026-12-31" },
  { method: "POST", path: "/api/admin/incidents/:id/review", access: "staff", body: "json", example: () => ({ share: true }) },
  { method: "GET", path: "/api/admin/id-verifications", access: "staff", body: "none", query: "status=pending" },
  { method: "GET", path: "/api/admin/id-verifications/:id", access: "staff", body: "none" },
  { method: "GET", path: "/api/admin/id-verifications/:id/file", access: "staff", body: "none" },
  { method: "POST", path: "/api/admin/id-verifications/:id/approve", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/id-verifications/:id/reject",
    access: "staff",
    body: "json",
    example: () => ({ reason: "The photo is blurred." }),
  },
  { method: "GET", path: "/api/admin/services", access: "staff", body: "none" },
  { method: "GET", path: "/api/admin/services/:id", access: "staff", body: "none" },
  { method: "PUT", path: "/api/admin/services/:id", access: "staff", body: "json", example: serviceEditExample },
  { method: "GET", path: "/api/admin/policy", access: "staff", body: "none" },
  { method: "GET", path: "/api/admin/insights", access: "staff", body: "none", query: "from=2026-10-01&to=2026-10-30" },
  { method: "PUT", path: "/api/admin/policy", access: "admin", body: "json", example: () => ({ operatorTwoFactorRequired: false }) },
  { method: "GET", path: "/api/admin/users", access: "admin", body: "none", query: "q=astrid" },
  { method: "POST", path: "/api/admin/users/:id/role", access: "admin", body: "json", example: () => ({ role: "customer" }) },
  // docs/invoices.md: business customers, invoice payment, accounting documents, BgMax and the export.
  { method: "GET", path: "/api/invoices/business", access: "user", body: "none" },
  { method: "PUT", path: "/api/invoices/business", access: "user", body: "json", example: businessExample },
  { method: "POST", path: "/api/invoices/bookings/:id/invoice", access: "user", body: "none" },
  { method: "GET", path: "/api/invoices/bookings/:id/documents", access: "user", body: "none" },
  { method: "GET", path: "/api/invoices/documents/:id/pdf", access: "user", body: "none" },
  { method: "GET", path: "/api/admin/invoicing/business-accounts", access: "staff", body: "none", query: "status=pending" },
  {
    method: "POST",
    path: "/api/admin/invoicing/business-accounts/:userId/decision",
    access: "staff",
    body: "json",
    example: () => ({ decision: "approved" }),
  },
  { method: "GET", path: "/api/admin/invoicing/documents", access: "staff", body: "none", query: "from=2026-01-01&to=2026-12-31" },
  { method: "GET", path: "/api/admin/invoicing/bookings/:id/documents", access: "staff", body: "none" },
  {
    method: "POST",
    path: "/api/admin/invoicing/bookings/:id/credit-notes",
    access: "staff",
    body: "json",
    example: () => ({ amountCents: 1000, reason: "Goodwill" }),
  },
  { method: "GET", path: "/api/admin/invoicing/documents/:id/pdf", access: "staff", body: "none" },
  { method: "POST", path: "/api/admin/invoicing/bgmax", access: "staff", body: "upload" },
  { method: "GET", path: "/api/admin/invoicing/bank-payments", access: "staff", body: "none", query: "filter=open" },
  {
    method: "POST",
    path: "/api/admin/invoicing/bank-payments/:id/resolve",
    access: "staff",
    body: "json",
    example: () => ({ note: "Paid back to the sender" }),
  },
  { method: "GET", path: "/api/admin/invoicing/export.csv", access: "staff", body: "none", query: "from=2026-01-01&to=2026-12-31" },
  { method: "GET", path: "/api/admin/invoicing/export.sie", access: "staff", body: "none", query: "from=2026-01-01&to=2026-12-31" },
  { method: "GET", path: "/dev/mailbox", access: "development", body: "none" },
  { method: "GET", path: "/dev/mailbox/:id/html", access: "development", body: "none" },
];

export const stateChanging = (endpoint: Endpoint) => endpoint.method !== "GET";

/** Every `METHOD /path` the app registers, without the catch-all middleware routes. */
export function registeredEndpoints(app: App): string[] {
  const keys = app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)];
}

/** The path with each `:parameter` replaced. */
export function fillPath(path: string, value: (parameter: string) => string): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, parameter: string) => value(parameter));
}
