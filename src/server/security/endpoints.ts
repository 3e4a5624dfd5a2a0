import { randomUUID } from "node:crypto";
import { siteCatalogue } from "../../shared/catalogue.ts";
import type { App } from "../app.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { validProfile } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { operativeBody } from "../test-support/operator.ts";

// The hostile-input suite's map of the API (ADR 084, ADR 261): the endpoints are the routes the
// composed app registers (Hono's `app.routes`), read once per suite file; this file adds only what
// a route does not say of itself: who may call it, a valid example of its JSON body, a query its
// validator accepts. `endpoint-table.test.ts` fails when a registered route has no entry here (or
// an entry names no route), so a new endpoint cannot escape the CSRF, body, injection and fuzzing
// tests, which all iterate `endpoints`.

/**
 * Who the endpoint serves: anyone, a signed-in user (own rows only), staff, an operative (own
 * assignments only, ADR 160), the dev mailbox, or the metrics scraper holding METRICS_TOKEN.
 */
export type Access = "public" | "user" | "staff" | "admin" | "operative" | "development" | "metrics-token";

/** json: a JSON object body; upload: the raw bytes of an image; none: the body is not read. */
export type BodyKind = "json" | "upload" | "none";

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export type Endpoint = {
  method: (typeof methods)[number];
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

/**
 * What a route does not say of itself. The body is JSON when there is an example, the raw bytes of
 * an upload when it says so, and not read otherwise. A bare Access is a route with nothing more.
 */
type RouteFacts = { access: Access; body?: "upload"; example?: () => Record<string, unknown>; query?: string };

const routeFacts: Record<string, Access | RouteFacts> = {
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "GET /api/metrics": "metrics-token",
  "POST /api/affiliate/applications": {
    access: "public",
    example: () => ({ fullName: "Astrid Lind", email: "astrid@example.se", audience: "concierge", message: "Hello", language: "en" }),
  },
  "POST /api/account/check-email": { access: "public", example: () => ({ email: "someone@example.test" }) },
  "POST /api/account/verification-code": {
    access: "public",
    example: () => ({ email: `fuzz-${randomUUID()}@example.test`, language: "en" }),
  },
  "POST /api/account/verify-code": { access: "public", example: () => ({ email: "someone@example.test", code: "1234" }) },
  "POST /api/account/sign-up": {
    access: "public",
    example: () => ({ ...validProfile, verificationToken: "a".repeat(43), email: "someone@example.test" }),
  },
  "POST /api/account/sign-in": { access: "public", example: () => ({ email: "someone@example.test", password: "Harbour-Lantern-42" }) },
  "POST /api/account/sign-out": "public",
  "GET /api/account/session": "public",
  "GET /api/account/profile": "user",
  "POST /api/account/password-reset-request": { access: "public", example: () => ({ email: "someone@example.test", language: "en" }) },
  "POST /api/account/password-reset": {
    access: "public",
    example: () => ({ token: "a".repeat(32), newPassword: "Quartz-Meadow-Lantern-77" }),
  },
  "GET /api/account/payment-methods": "user",
  "POST /api/account/payment-methods": {
    access: "user",
    example: () => ({ cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" }),
  },
  "POST /api/account/payment-methods/provider": { access: "user", example: () => ({ providerMethodId: "pm_card_visa" }) },
  "POST /api/account/payment-methods/:id/default": "user",
  "DELETE /api/account/payment-methods/:id": "user",
  "GET /api/account/id-verifications": "user",
  "POST /api/account/id-verifications": { access: "user", body: "upload", query: "type=passport" },
  "DELETE /api/account/id-verifications/:id": "user",
  "GET /api/account/id-verifications/:id/file": "user",
  "POST /api/account/security/sign-in/second-factor": {
    access: "public",
    example: () => ({ method: "totp", code: "123456", trustDevice: false }),
  },
  "GET /api/account/security": "user",
  "POST /api/account/security/password": {
    access: "user",
    example: () => ({ currentPassword: "not-the-password", newPassword: "Quartz-Meadow-Lantern-77" }),
  },
  "POST /api/account/security/two-factor/enable": { access: "user", example: () => ({ password: "not-the-password" }) },
  "POST /api/account/security/two-factor/confirm": { access: "user", example: () => ({ code: "123456" }) },
  "POST /api/account/security/two-factor/disable": { access: "user", example: () => ({ password: "not-the-password", code: "123456" }) },
  "GET /api/account/security/deletion-check": "user",
  "POST /api/account/security/delete-account": { access: "user", example: () => ({ password: "not-the-password" }) },
  "GET /api/account/security/export": "user",
  // ADR 270: passkeys, under the paths of Better Auth's passkey client plugin.
  "GET /api/account/passkey/generate-register-options": "user",
  "POST /api/account/passkey/verify-registration": {
    access: "user",
    example: () => ({ response: { id: "AAAA", type: "public-key", response: {} }, name: "Laptop" }),
  },
  "GET /api/account/passkey/generate-authenticate-options": "public",
  "POST /api/account/passkey/verify-authentication": {
    access: "public",
    example: () => ({ response: { id: "AAAA", type: "public-key", response: {} } }),
  },
  "GET /api/account/passkey/list-user-passkeys": "user",
  "POST /api/account/passkey/update-passkey": { access: "user", example: () => ({ id: "not-a-passkey", name: "Laptop" }) },
  "POST /api/account/passkey/delete-passkey": { access: "user", example: () => ({ id: "not-a-passkey" }) },
  // ADR 272: BankID orders (404 where BankID is not configured) and the account's linked BankID.
  "GET /api/bankid/availability": "public",
  "POST /api/bankid/orders": { access: "public", example: () => ({ purpose: "sign-in", startedBy: "qr" }) },
  "GET /api/bankid/orders/:id": "public",
  "POST /api/bankid/orders/:id/cancel": "public",
  "POST /api/bankid/link": { access: "user", example: () => ({ orderId: "00000000-0000-4000-8000-000000000001" }) },
  "GET /api/bankid/identity": "user",
  "DELETE /api/bankid/identity": "user",
  "GET /api/services": { access: "public", query: "language=sv" },
  "GET /api/places": { access: "public", query: "q=Stock" },
  "GET /api/places/reverse": { access: "public", query: "lat=59.33&lon=18.06" },
  "POST /api/bookings/quote": {
    access: "public",
    example: () => {
      const { bookingId: _id, location: _location, notes: _notes, ...quote } = bookingExample();
      return quote;
    },
  },
  "POST /api/bookings": { access: "user", example: bookingExample },
  "GET /api/bookings": { access: "user", query: "window=month" },
  "GET /api/bookings/:id": "user",
  "POST /api/bookings/:id/cancel": "user",
  "POST /api/bookings/:id/payment/approve": "user",
  // ADR 225: the customer secures the money of a booking whose charge at confirmation failed.
  "POST /api/bookings/:id/payment": {
    access: "user",
    example: () => ({ paymentMethodId: "00000000-0000-4000-8000-000000000001", attemptId: "00000000-0000-4000-8000-000000000002" }),
  },
  // ADR 244: a booking paid by invoice moves to a saved card until it is confirmed.
  "POST /api/bookings/:id/card-payment": {
    access: "user",
    example: () => ({ paymentMethodId: "00000000-0000-4000-8000-000000000001", attemptId: "00000000-0000-4000-8000-000000000002" }),
  },
  // ADR 226: the operator gives a customer more time to pay.
  "POST /api/admin/bookings/:id/payment-deadline": { access: "staff", example: () => ({ hours: 24 }) },
  // docs/product.md §12: the booking's message thread, customer side and staff side.
  "GET /api/bookings/messages/unread": "user",
  "GET /api/bookings/:id/messages": "user",
  "POST /api/bookings/:id/messages": { access: "user", example: () => ({ text: "We land at 18:05." }) },
  "POST /api/bookings/:id/messages/read": { access: "user", example: () => ({ lastSeenId: 0 }) },
  "GET /api/admin/bookings/:id/messages": "staff",
  "POST /api/admin/bookings/:id/messages": { access: "staff", example: () => ({ text: "The car waits at gate 2." }) },
  "POST /api/admin/bookings/:id/messages/read": { access: "staff", example: () => ({ lastSeenId: 0 }) },
  // docs/product.md §12: quote versions and change requests.
  "GET /api/bookings/:id/changes": "user",
  "POST /api/bookings/:id/versions/:versionId/approve": "user",
  "POST /api/bookings/:id/versions/:versionId/decline": { access: "user", example: () => ({ reason: "The first plan suits us better." }) },
  "POST /api/bookings/:id/change-requests": {
    access: "user",
    example: () => ({ meetingPoint: "Grand Hôtel, main entrance", message: "Our flight lands an hour later." }),
  },
  "GET /api/admin/bookings/:id/changes": "staff",
  "POST /api/admin/bookings/:id/versions": {
    access: "staff",
    example: () => ({
      startDate: "2030-06-01",
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day" } }],
      reason: "A second guard for the gate.",
    }),
  },
  "POST /api/admin/bookings/:id/change-requests/:requestId/accept": "staff",
  "POST /api/admin/bookings/:id/change-requests/:requestId/decline": {
    access: "staff",
    example: () => ({ reason: "No team is free that day." }),
  },
  "POST /api/payments/webhook": "public",
  // ADR 265–269: the SMS provider's delivery reports, this person's push devices and the team before arrival.
  "POST /api/notifications/sms-reports/:secret": "public",
  "GET /api/notifications/push-key": "user",
  "GET /api/notifications/push-subscriptions": "user",
  "POST /api/notifications/push-subscriptions": {
    access: "user",
    example: () => ({
      endpoint: "https://push.example.test/send/abc",
      keys: {
        p256dh: "BFC89scCImxzxvZLHlrJK13eaz8zWsd4EOuxiTxK_WgeWkK02GkFrGU3-clUdW7xf5jS5Yfz7Fit1kuws231wzc",
        auth: "8ltPujgoPXEtzE_1dYYbjg",
      },
    }),
  },
  "DELETE /api/notifications/push-subscriptions": { access: "user", example: () => ({ endpoint: "https://push.example.test/send/abc" }) },
  "GET /api/notifications/arrival/:bookingId": "user",
  "GET /api/payments/config": "public",
  "GET /payments/challenge/:id": "public",
  "POST /payments/challenge/:id": "public",
  "GET /api/admin/payments": { access: "staff", query: "status=paid&holdsExpiringBeforeReply=false&from=2026-01-01&to=2026-12-31" },
  "GET /api/admin/bookings/:id/ledger": "staff",
  "POST /api/admin/bookings/:id/refunds": { access: "staff", example: () => ({ amountCents: 1000, reason: "One guard arrived late." }) },
  "POST /api/bookings/:id/rating": { access: "user", example: () => ({ stars: 5, comment: "Calm and punctual." }) },
  // ADR 285–289, 293: on duty. The customer's and the principal's alarms, the operative's duty, the console's alarms and tours.
  "GET /api/bookings/:id/safety": "user",
  "POST /api/bookings/:id/alarms": {
    access: "user",
    example: () => ({ position: { latitude: 59.3326, longitude: 18.0649, accuracy: 25 } }),
  },
  "POST /api/bookings/:id/principal-link": "user",
  "GET /api/bookings/:id/tour": "user",
  "GET /api/principal/:token": "public",
  "POST /api/principal/:token/alarms": { access: "public", example: () => ({ position: null }) },
  "PUT /api/operative/duty/pins": { access: "operative", example: () => ({ pin: "2468", duressPin: "1357" }) },
  "GET /api/operative/duty/assignments/:id/safety": "operative",
  "POST /api/operative/duty/assignments/:id/alarms": {
    access: "operative",
    example: () => ({ position: { latitude: 59.3326, longitude: 18.0649, accuracy: 25 } }),
  },
  "POST /api/operative/duty/assignments/:id/check-ins": { access: "operative", example: () => ({ pin: "2468", position: null }) },
  "PUT /api/operative/duty/assignments/:id/position": {
    access: "operative",
    example: () => ({ latitude: 59.3326, longitude: 18.0649, accuracy: 25 }),
  },
  "DELETE /api/operative/duty/assignments/:id/position": "operative",
  "GET /api/operative/duty/assignments/:id/tour": "operative",
  "POST /api/operative/duty/assignments/:id/scans": {
    access: "operative",
    example: () => ({ code: "NS-TOUR-1", deviceTime: "2026-12-04T21:15:00+01:00", position: null }),
  },
  "GET /api/operative/device-writes": "operative",
  "GET /api/admin/alarms": "staff",
  "POST /api/admin/alarms/:id/acknowledge": "staff",
  "POST /api/admin/alarms/:id/resolve": {
    access: "staff",
    example: () => ({ outcome: "false_alarm", note: "Pressed by mistake; the lead confirmed all is well.", share: true }),
  },
  "GET /api/admin/on-call": "staff",
  "PUT /api/admin/on-call": { access: "staff", example: () => ({ userIds: ["staff-1", "staff-2", "staff-3"] }) },
  "GET /api/admin/bookings/:id/check-in-plan": "staff",
  "PUT /api/admin/bookings/:id/check-in-plan": { access: "staff", example: () => ({ intervalMinutes: 60, graceMinutes: 10 }) },
  "GET /api/admin/live-board": "staff",
  "GET /api/admin/tour-sites": "staff",
  "POST /api/admin/tour-sites": {
    access: "staff",
    example: () => ({ name: "Villa Solsidan", checkpoints: [{ name: "Gate", intervalMinutes: 60 }] }),
  },
  "GET /api/admin/tour-sites/:id/sheet.pdf": { access: "staff", query: "language=sv" },
  "GET /api/admin/bookings/:id/tour": "staff",
  "PUT /api/admin/bookings/:id/tour": { access: "staff", example: () => ({ siteId: "00000000-0000-4000-8000-000000000002" }) },
  "POST /api/admin/bookings/:id/tour/share": "staff",
  // ADR 280–284: recurring series.
  "GET /api/series": "user",
  "POST /api/series": {
    access: "user",
    example: () => ({
      seriesId: "00000000-0000-4000-8000-000000000003",
      location: "Saltsjöbaden, Sweden",
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "night" } }],
      language: "en",
      rule: { frequency: "weekly", interval: 1, weekdays: [5], firstDay: "2027-01-08", count: 8 },
      days: 2,
      startTime: "18:00",
      endTime: "08:00",
    }),
  },
  "GET /api/series/:id": "user",
  "POST /api/series/:id/changes": {
    access: "user",
    example: () => ({ action: "cancel", scope: "this", occurrenceDay: "2027-01-08" }),
  },
  "GET /api/admin/series/of-booking/:bookingId": "staff",
  "POST /api/admin/series/:id/confirm": { access: "staff", example: () => ({ occurrenceDay: "2027-01-08" }) },
  "POST /api/admin/series/:id/assignments": {
    access: "staff",
    example: () => ({ operatives: [{ operativeId: randomUUID(), lead: true }] }),
  },
  // ADR 275–279: companies.
  "GET /api/companies": "user",
  "POST /api/companies/invitations/:invitationId/accept": "user",
  "POST /api/companies/bookings/:bookingId/approve": "user",
  "POST /api/companies/bookings/:bookingId/decline": { access: "user", example: () => ({ reason: "Over this quarter's budget." }) },
  "GET /api/companies/:id": "user",
  "PUT /api/companies/:id/policy": {
    access: "user",
    example: () => ({
      costCentres: ["Executive office"],
      requiresCostCentre: true,
      requiresReference: false,
      sharesAllBookings: false,
      approval: { always: false, aboveCents: 500_000, serviceTypes: [], outsideOfficeHours: true },
    }),
  },
  "POST /api/companies/:id/invitations": {
    access: "user",
    example: () => ({ email: "assistant@example.test", role: "booker" }),
    query: "language=en",
  },
  "DELETE /api/companies/:id/invitations/:invitationId": "user",
  "PUT /api/companies/:id/members/:userId/role": { access: "user", example: () => ({ role: "approver" }) },
  "DELETE /api/companies/:id/members/:userId": "user",
  "PUT /api/companies/:id/delegation": { access: "user", example: () => ({ delegateUserId: "someone", untilDate: "2027-01-31" }) },
  "POST /api/companies/:id/principals": { access: "user", example: () => ({ name: "Erik Berg" }) },
  "GET /api/companies/:id/bookings": "user",
  "GET /api/companies/:id/documents": "user",
  "GET /api/companies/:id/spend": "user",
  "GET /api/companies/:id/spend.csv": "user",
  "GET /api/operative/assignments": "operative",
  // ADR 220: the operative's own roster record and licence.
  "GET /api/operative/me": "operative",
  "POST /api/operative/assignments/:id/accept": "operative",
  "POST /api/operative/assignments/:id/decline": { access: "operative", example: () => ({ reason: "I am abroad that week." }) },
  "GET /api/operative/assignments/:id/brief": "operative",
  "POST /api/operative/assignments/:id/status": { access: "operative", example: () => ({ status: "on_the_way" }) },
  "POST /api/operative/assignments/:id/incidents": {
    access: "operative",
    example: () => ({ occurredAt: "2026-11-20T21:15:00.000Z", severity: "amber", text: "A photographer followed the car." }),
  },
  "GET /api/events/stream": "user",
  "GET /api/emergency-contacts": "user",
  "POST /api/emergency-contacts": {
    access: "user",
    example: () => ({ name: "Karin Lindqvist", phone: "+46 70 765 43 21", email: "karin@example.test" }),
  },
  "PUT /api/emergency-contacts/:id": { access: "user", example: () => ({ name: "Karin Lindqvist", phone: "+46 70 765 43 21", email: "" }) },
  "DELETE /api/emergency-contacts/:id": "user",
  "PATCH /api/profile": { access: "user", example: () => ({ fullName: "Astrid Lindqvist", city: "Göteborg", language: "sv" }) },
  "GET /api/profile/notifications": "user",
  "PUT /api/profile/notifications": { access: "user", example: () => ({ emailNotifications: true, pushNotifications: false }) },
  "GET /api/profile/emails": "user",
  "POST /api/profile/emails": { access: "user", example: () => ({ email: `work-${randomUUID().slice(0, 8)}@example.test` }) },
  "PATCH /api/profile/emails/:id": { access: "user", example: () => ({ email: `home-${randomUUID().slice(0, 8)}@example.test` }) },
  "DELETE /api/profile/emails/:id": "user",
  "POST /api/profile/emails/:id/code": "user",
  "POST /api/profile/emails/:id/verify": { access: "user", example: () => ({ code: "1234" }) },
  "POST /api/profile/avatar": { access: "user", body: "upload" },
  "DELETE /api/profile/avatar": "user",
  "GET /api/profile/avatar": "user",
  "GET /api/admin/bookings": { access: "staff", query: "status=pending&from=2026-01-01&to=2026-12-31" },
  "GET /api/admin/bookings/:id": "staff",
  "POST /api/admin/bookings/:id/confirm": {
    access: "staff",
    example: () => ({ adjustedTotal: 1500, note: "Your guard will call the day before." }),
  },
  "POST /api/admin/bookings/:id/decline": { access: "staff", example: () => ({ reason: "No guards free on those days." }) },
  "POST /api/admin/bookings/:id/cancel": { access: "staff", example: () => ({ reason: "Customer called." }) },
  "POST /api/admin/bookings/:id/assignments": {
    access: "staff",
    example: () => ({ operatives: [{ operativeId: randomUUID(), lead: true }] }),
  },
  "DELETE /api/admin/bookings/:id/assignments/:operativeId": "staff",
  "GET /api/admin/operatives": "staff",
  "POST /api/admin/operatives": { access: "staff", example: operativeBody },
  "GET /api/admin/operatives/:id": "staff",
  "PUT /api/admin/operatives/:id": { access: "staff", example: operativeBody },
  "DELETE /api/admin/operatives/:id": "staff",
  "POST /api/admin/operatives/:id/invite": {
    access: "staff",
    example: () => ({ email: `operative-${randomUUID().slice(0, 8)}@example.test`, language: "sv" }),
  },
  "GET /api/admin/operatives/:id/ratings": "staff",
  "GET /api/admin/bookings/:id/eligibility": "staff",
  "GET /api/admin/board": { access: "staff", query: "week=2026-11-23" },
  "GET /api/admin/audit": { access: "staff", query: "kind=booking&from=2026-01-01&to=2026-12-31" },
  "POST /api/admin/incidents/:id/review": { access: "staff", example: () => ({ share: true }) },
  "GET /api/admin/id-verifications": { access: "staff", query: "status=pending" },
  "GET /api/admin/id-verifications/:id": "staff",
  "GET /api/admin/id-verifications/:id/file": "staff",
  "POST /api/admin/id-verifications/:id/approve": "staff",
  "POST /api/admin/id-verifications/:id/reject": { access: "staff", example: () => ({ reason: "The photo is blurred." }) },
  "GET /api/admin/services": "staff",
  "GET /api/admin/services/:id": "staff",
  "PUT /api/admin/services/:id": { access: "staff", example: serviceEditExample },
  "GET /api/admin/policy": "staff",
  "GET /api/admin/insights": { access: "staff", query: "from=2026-10-01&to=2026-10-30" },
  "PUT /api/admin/policy": { access: "admin", example: () => ({ operatorTwoFactorRequired: false }) },
  "GET /api/admin/users": { access: "admin", query: "q=astrid" },
  "POST /api/admin/users/:id/role": { access: "admin", example: () => ({ role: "customer" }) },
  // docs/invoices.md: business customers, invoice payment, accounting documents, BgMax and the export.
  "GET /api/invoices/business": "user",
  "PUT /api/invoices/business": { access: "user", example: businessExample },
  "POST /api/invoices/bookings/:id/invoice": "user",
  "GET /api/invoices/bookings/:id/documents": "user",
  "GET /api/invoices/documents/:id/pdf": "user",
  "GET /api/admin/invoicing/business-accounts": { access: "staff", query: "status=pending" },
  "POST /api/admin/invoicing/business-accounts/:userId/decision": { access: "staff", example: () => ({ decision: "approved" }) },
  "GET /api/admin/invoicing/documents": { access: "staff", query: "from=2026-01-01&to=2026-12-31" },
  "GET /api/admin/invoicing/bookings/:id/documents": "staff",
  "POST /api/admin/invoicing/bookings/:id/credit-notes": { access: "staff", example: () => ({ amountCents: 1000, reason: "Goodwill" }) },
  "GET /api/admin/invoicing/documents/:id/pdf": "staff",
  "POST /api/admin/invoicing/bgmax": { access: "staff", body: "upload" },
  "GET /api/admin/invoicing/bank-payments": { access: "staff", query: "filter=open" },
  "POST /api/admin/invoicing/bank-payments/:id/resolve": { access: "staff", example: () => ({ note: "Paid back to the sender" }) },
  "GET /api/admin/invoicing/export.csv": { access: "staff", query: "from=2026-01-01&to=2026-12-31" },
  "GET /api/admin/invoicing/export.sie": { access: "staff", query: "from=2026-01-01&to=2026-12-31" },
  "GET /dev/mailbox": "development",
  "GET /dev/mailbox/:id/html": "development",
};

export const stateChanging = (endpoint: Endpoint) => endpoint.method !== "GET";

/** Every `METHOD /path` the app registers, without the catch-all middleware routes. */
export function registeredEndpoints(app: App): string[] {
  const keys = app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)];
}

/** The routes joined with their facts; a route without facts is `unlisted`, facts without a route `stale`. */
export function endpointTable(routes: readonly string[]): { endpoints: Endpoint[]; unlisted: string[]; stale: string[] } {
  const endpoints: Endpoint[] = [];
  const unlisted: string[] = [];
  for (const route of routes) {
    const [method = "", path = ""] = route.split(" ");
    const facts = routeFacts[route];
    const known = methods.find((candidate) => candidate === method);
    if (!facts || !known) {
      unlisted.push(route);
      continue;
    }
    const { access, body, example, query }: RouteFacts = typeof facts === "string" ? { access: facts } : facts;
    endpoints.push({ method: known, path, access, body: body ?? (example ? "json" : "none"), example, query });
  }
  const stale = Object.keys(routeFacts).filter((route) => !routes.includes(route));
  return { endpoints, unlisted, stale };
}

/** The routes of the composed app, as a test app on SQLite registers them (the same on every engine). */
async function composedAppRoutes(): Promise<string[]> {
  const test = await createTestApp("sqlite");
  try {
    return registeredEndpoints(test.app);
  } finally {
    await test.close();
  }
}

const table = endpointTable(await composedAppRoutes());

/** Every endpoint the app registers that has its facts, the table the hostile-input suites iterate. */
export const endpoints: Endpoint[] = table.endpoints;
/** Registered routes without facts, and facts of no route: both must be empty (endpoint-table.test.ts). */
export const { unlisted: unlistedRoutes, stale: staleRouteFacts } = table;

/** The path with each `:parameter` replaced. */
export function fillPath(path: string, value: (parameter: string) => string): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, parameter: string) => value(parameter));
}
