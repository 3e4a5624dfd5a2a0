import { systemClock, type Clock } from "./clock.ts";
import { operativeAreaRoutes } from "./features/operatives/routes.ts";
import { onDutyCustomerRoutes, onDutyOperativeRoutes, onDutyPrincipalRoutes, onDutyStaffRoutes } from "./features/on-duty/routes.ts";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { getSessionCookie } from "better-auth/cookies";
import { cookiePrefix, createAuthService } from "./auth/auth.ts";
import { createBookingJobsEffect, replyAlertsEffect } from "./booking-lifecycle/job-effects.ts";
import { notificationRoutes, smsReportRoutes } from "./features/notifications/routes.ts";
import { createBookingNotificationsEffect } from "./notifications/booking-effects.ts";
import { notify, type Notifier } from "./notifications/service.ts";
import { invoiceDocumentsEffect } from "./features/invoices/business-service.ts";
import { createBookingLifecycle } from "./booking-lifecycle/state-machine.ts";
import { catalogueFingerprint } from "../shared/catalogue-fingerprint.ts";
import { createCatalogueCache, type BookingPageRenderContext } from "./catalogue-store.ts";
import { createPaymentGateway } from "./payments/select-gateway.ts";
import { createPaymentsService } from "./payments/payments-service.ts";
import { createEventHub } from "./events/event-hub.ts";
import { liveEventRoutes } from "./events/routes.ts";
import type { AppDependencies } from "./context.ts";
import type { AppEnv, AppServices } from "./app-env.ts";
import { accountSecurityRoutes } from "./features/account-security/routes.ts";
import { accountRoutes } from "./features/accounts/routes.ts";
import { passkeyRoutes } from "./features/passkeys/routes.ts";
import { createBankIdFromEnvironment } from "./features/bankid/client.ts";
import { bankIdRoutes } from "./features/bankid/routes.ts";
import { affiliateRoutes } from "./features/affiliate/routes.ts";
import { createBookingWriter } from "./features/bookings/repo.ts";
import { bookingRoutes } from "./features/bookings/routes.ts";
import { seriesOperatorRoutes, seriesRoutes } from "./features/series/routes.ts";
import { customerThreadRoutes, staffThreadRoutes } from "./features/booking-messages/routes.ts";
import { bookingChangeOperatorRoutes, bookingChangeRoutes } from "./features/bookings/changes-routes.ts";
import { catalogueRoutes } from "./features/catalogue/routes.ts";
import { emergencyContactRoutes } from "./features/emergency-contacts/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { createMetricsRegistry, requestMetrics } from "./features/metrics/registry.ts";
import { metricsRoutes } from "./features/metrics/routes.ts";
import { idVerificationRoutes } from "./features/id-verifications/routes.ts";
import { paymentMethodRoutes } from "./features/payment-methods/routes.ts";
import { operatorRoutes } from "./features/operator/routes.ts";
import { requireStaff } from "./features/operator/guard.ts";
import { invoiceOperatorRoutes, invoiceRoutes } from "./features/invoices/routes.ts";
import { companyRoutes } from "./features/companies/routes.ts";
import { placesRoutes } from "./features/places/routes.ts";
import { challengeRoutes, paymentWebhookRoutes } from "./features/payments/routes.ts";
import { createPlacesService } from "./features/places/service.ts";
import { profileRoutes } from "./features/profile/routes.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable } from "./db/database-unavailable.ts";
import { errorBody, HttpError, retryAfterSecondsOf } from "./http-error.ts";
import { defaultBodyLimit } from "./http/body-limit.ts";
import { originCheck } from "./http/origin-check.ts";
import { journeyTestSupportRoutes } from "./journey-test-support.ts";
import { devMailboxRoutes } from "./mail/dev-mailbox.ts";
import type { Freshness, HasSession, LiveContent, StaticSite } from "./static-site.ts";
import { StorageFullError, storageFullMessage } from "./storage/storage.ts";

const maximumUrlLength = 4096;
/** The security headers that mean something on a response other than a document. */
const assetHeaders = new Set(["X-Content-Type-Options", "Strict-Transport-Security"]);

/** The composition root: every long-lived service of one app, built once from its dependencies. */
export function createServices(deps: AppDependencies, options: { clock?: Clock } = {}): AppServices {
  const { db } = deps.database;
  const events = createEventHub({
    database: deps.database,
    databaseUrl: deps.env.databaseUrl,
    logger: deps.logger,
    streamsPerAccount: deps.env.liveStreamsPerAccount,
    streamsPerSession: deps.env.liveStreamsPerSession,
  });
  // ADR 130: one gateway per app, from the configured provider; the payment effect follows every transition.
  // docs/payments.md "Live updates": a ledger change or a document recorded by a job wakes the streams too.
  const payments = createPaymentsService({
    db,
    gateway: createPaymentGateway(deps.env, db),
    committed: events.wake,
    paymentDeadlineMs: deps.env.paymentDeadlineMs,
  });
  // ADR 092: a committed transition wakes this process's streams at once; other processes hear
  // the NOTIFY written in the transaction (PostgreSQL) or their catch-up read.
  // ADR 098: the job queue follows every transition in its transaction (reminders, cancellations),
  // and every creation queues the reply alerts (ADR 238).
  // ADR 265: the reminders' hours and the team's details before arrival, from the configuration.
  const reminderSchedule = { reminderHours: deps.env.reminderHours, teamBeforeArrivalMs: deps.env.teamBeforeArrivalMs };
  const clock = options.clock ?? systemClock;
  // ADR 265: the one notification service, with this app's configuration and clock.
  const notifier: Notifier = { notify: (executor, input) => notify(executor, input, { env: deps.env, clock }) };
  const bookingLifecycle = createBookingLifecycle({
    db,
    engine: deps.database.engine,
    effects: [
      createBookingJobsEffect(reminderSchedule),
      payments.effect,
      invoiceDocumentsEffect,
      createBookingNotificationsEffect(notifier),
    ],
    creationEffects: [replyAlertsEffect],
    dutyWindows: deps.env.dutyWindows,
    committed: events.wake,
  });
  return {
    auth: createAuthService(deps),
    notifier,
    catalogue: createCatalogueCache(db),
    places: createPlacesService(db),
    metrics: createMetricsRegistry(),
    bookingLifecycle,
    reminderSchedule,
    bookingWriter: createBookingWriter(deps.database, bookingLifecycle, events.wake),
    events,
    payments,
    bankId: createBankIdFromEnvironment(deps.env),
    clock,
  };
}

/** The app; its services are built here once (a test passes its own to reach them directly). */
export function createApp(deps: AppDependencies, site?: StaticSite, services: AppServices = createServices(deps)) {
  const app = new Hono<AppEnv>();
  const securityHeaders: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(self), geolocation=(self), microphone=()"],
  ];
  if (deps.env.isProduction) securityHeaders.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);

  // ADR 080: requests are timed only when someone may read the figures.
  if (deps.env.metricsToken) app.use(requestMetrics(services.metrics));
  app.use(requestId());
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("services", services);
    c.set("logger", deps.logger.child({ requestId: c.var.requestId }));
    // OWASP ASVS 13.1: a huge URL is refused before any routing work.
    if (c.req.url.length > maximumUrlLength) throw new HttpError(400, "url_too_long", "The address is too long.");
    // Prepared before the handler runs: Hono merges them into the response it builds, whereas setting
    // one afterwards makes it rebuild the whole response (ADR 053, bench/booking.ts).
    for (const [name, value] of securityHeaders) c.header(name, value);
    const started = performance.now();
    await next();
    // A handler that returns its own Response object (the static site) bypasses prepared headers.
    // Framing, opener, permissions and referrer policies govern documents only (HTML Living Standard
    // §7.1.3, Permissions Policy §5, Referrer Policy §4.1): a script or a picture gets nosniff and
    // HSTS alone, which keeps a phone's first page ~200 bytes lighter per asset.
    if (!c.res.headers.has("X-Content-Type-Options")) {
      const isDocument = c.res.headers.get("Content-Type")?.startsWith("text/html") ?? false;
      for (const [name, value] of securityHeaders) {
        if (isDocument || assetHeaders.has(name)) c.res.headers.set(name, value);
      }
    }
    c.var.logger.debug(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });

  const api = new Hono<AppEnv>();
  // Routes that may be cached (places, catalogue) override the default Cache-Control.
  api.use(async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    c.header("Vary", "Accept-Encoding");
    await next();
  });
  // Compression only when the client accepts it: the middleware otherwise still rebuilds every response.
  const compressResponse = compress();
  api.use((c, next) => (c.req.header("Accept-Encoding") ? compressResponse(c, next) : next()));
  // ADR 035: state-changing requests from another origin are refused before any work, and bodies are small.
  api.use(originCheck(deps.env.appUrl));
  api.use(defaultBodyLimit());
  api.route("/", healthRoutes);
  api.route("/metrics", metricsRoutes);
  api.route("/affiliate", affiliateRoutes);
  api.route("/account", accountRoutes);
  api.route("/account/payment-methods", paymentMethodRoutes);
  api.route("/account/id-verifications", idVerificationRoutes);
  api.route("/account/security", accountSecurityRoutes);
  api.route("/account/passkey", passkeyRoutes);
  api.route("/bankid", bankIdRoutes);
  api.route("/services", catalogueRoutes);
  api.route("/places", placesRoutes);
  // docs/product.md §12: a booking's message thread (before the bookings' own /:id routes).
  api.route("/bookings", customerThreadRoutes);
  // docs/on-duty.md: the SOS, the principal's link and the safety panel of a booking.
  api.route("/bookings", onDutyCustomerRoutes);
  api.route("/bookings", bookingRoutes);
  // docs/product.md §12: quote versions and change requests; the console's side behind its guard (ADR 070).
  api.route("/bookings", bookingChangeRoutes);
  api.use("/admin/bookings/:id/changes", requireStaff());
  api.use("/admin/bookings/:id/versions", requireStaff());
  api.use("/admin/bookings/:id/change-requests/*", requireStaff());
  api.route("/admin", bookingChangeOperatorRoutes);
  // docs/series.md: recurring engagements; the firm confirms them from the console.
  api.route("/series", seriesRoutes);
  api.use("/admin/series/*", requireStaff());
  api.route("/admin/series", seriesOperatorRoutes);
  api.route("/emergency-contacts", emergencyContactRoutes);
  api.route("/profile", profileRoutes);
  api.route("/invoices", invoiceRoutes);
  api.route("/companies", companyRoutes);
  // docs/invoices.md: the console's invoicing, behind the console's own guard (ADR 070).
  api.use("/admin/invoicing/*", requireStaff());
  api.route("/admin/invoicing", invoiceOperatorRoutes);
  api.route("/admin/bookings", staffThreadRoutes(requireStaff()));
  api.route("/admin", onDutyStaffRoutes(requireStaff()));
  api.route("/admin", operatorRoutes);
  api.route("/operative", operativeAreaRoutes);
  // The operative area's guard (role and two-factor, ADR 160) runs for every /operative path, these too.
  api.route("/operative/duty", onDutyOperativeRoutes);
  api.route("/principal", onDutyPrincipalRoutes);
  api.route("/events", liveEventRoutes);
  api.route("/payments", paymentWebhookRoutes);
  // ADR 265–269: web push devices, the team before arrival, and the SMS provider's delivery reports.
  api.route("/notifications/sms-reports", smsReportRoutes);
  api.route("/notifications", notificationRoutes);
  // ADR 254: the browser journeys' accounts; the route exists only on the journeys' server.
  if (deps.env.journeyTestSupport) api.route("/test-support", journeyTestSupportRoutes);
  api.all("*", () => {
    throw new HttpError(404, "not_found", "There is no such API endpoint.");
  });
  app.route("/api", api);

  // docs/payments.md: the simulated bank's check page (answers 404 with another provider).
  // Its form posts back to this origin, so the Origin check applies as to the API (ADR 035).
  app.use("/payments/*", originCheck(deps.env.appUrl));
  app.use("/payments/*", defaultBodyLimit());
  app.route("/payments", challengeRoutes);

  // ADR 120: the dev mailbox exists only outside production.
  if (deps.env.devMailbox) app.route("/dev/mailbox", devMailboxRoutes);

  // ADR 065: the prerendered booking page carries the fingerprint of the English catalogue it was
  // built with; it is served only while the live catalogue has the same one (never a stale price).
  // A database that cannot answer (ADR 011) gets the SPA shell, which shows the catalogue's failure itself.
  const catalogueIsCurrent: Freshness = ({ fingerprint }) =>
    services.catalogue.fingerprint().then(
      (current) => current === fingerprint,
      () => false,
    );
  // ADR 085: the prerendered /login is for visitors without a session cookie; with one, the SPA
  // shell asks Better Auth for the session and redirects a signed-in visitor (docs/product.md §2).
  const hasSessionCookie: HasSession = (c) => getSessionCookie(c.req.raw, { cookiePrefix }) !== null;
  // ADR 172: after an edit, the booking page is rendered again with the live catalogue.
  const liveCatalogue: LiveContent = async () => {
    const catalogue = await services.catalogue.read();
    const context: BookingPageRenderContext = {
      bookingCatalogue: { services: catalogue, fingerprint: await catalogueFingerprint(catalogue) },
    };
    return { fingerprint: context.bookingCatalogue.fingerprint, loadContext: context };
  };
  if (site?.available) app.on(["GET", "HEAD"], "*", (c) => site.handle(c, catalogueIsCurrent, hasSessionCookie, liveCatalogue));

  // The one error handler: every API failure is { error: { code, message } } and never a stack trace;
  // a refusal for a specific reason names it too (ADR 211).
  app.onError((error, c) => {
    // RFC 9110 §10.2.3: a refusal that names its wait (a rate limit, a cooldown) says it in Retry-After.
    const retryAfterSeconds = retryAfterSecondsOf(error);
    if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
    if (error instanceof HttpError) {
      return c.json(errorBody(error.code, error.message, error.fields, error), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 400 ? "The request body is not valid JSON." : error.message || "The request could not be handled.";
      return c.json(errorBody(status === 400 ? "invalid_input" : "http_error", message), status);
    }
    if (error instanceof URIError) return c.json(errorBody("invalid_url", "The address is not valid."), 400);
    // ADR 011: the database is down, frozen or busy: 503, which clients may retry (RFC 9110 §15.6.4).
    if (isDatabaseUnavailable(error)) {
      c.var.logger.warn({ err: error }, "database unavailable");
      return c.json(errorBody("database_unavailable", databaseUnavailableMessage), 503);
    }
    // ADR 083: the uploads' quota or disk is full. 507 Insufficient Storage (RFC 4918 §11.5); the
    // operator must act, so it is logged as an error.
    if (error instanceof StorageFullError) {
      c.var.logger.error({ err: error }, "an upload was refused: the uploads storage is full");
      return c.json(errorBody("storage_full", storageFullMessage), 507);
    }
    c.var.logger.error({ err: error }, "unhandled error");
    return c.json(errorBody("internal_error", "Something went wrong on our side. Please try again."), 500);
  });

  app.notFound((c) => c.json(errorBody("not_found", "Not found"), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
