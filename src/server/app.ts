import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { createAuthService } from "./auth/auth.ts";
import { createCatalogueCache } from "./catalogue-store.ts";
import type { AppDependencies, AppEnv, AppServices } from "./context.ts";
import { accountRoutes } from "./features/accounts/routes.ts";
import { affiliateRoutes } from "./features/affiliate/routes.ts";
import { createBookingWriter } from "./features/bookings/repo.ts";
import { bookingRoutes } from "./features/bookings/routes.ts";
import { catalogueRoutes } from "./features/catalogue/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { operatorRoutes } from "./features/operator/routes.ts";
import { placesRoutes } from "./features/places/routes.ts";
import { createPlacesService } from "./features/places/service.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable } from "./db/database-unavailable.ts";
import { errorBody, HttpError, retryAfterSecondsOf } from "./http-error.ts";
import { defaultBodyLimit } from "./http/body-limit.ts";
import { originCheck } from "./http/origin-check.ts";
import { devMailboxRoutes } from "./mail/dev-mailbox.ts";
import type { StaticSite } from "./static-site.ts";

const maximumUrlLength = 4096;

/** The composition root: every long-lived service of one app, built once from its dependencies. */
export function createServices(deps: AppDependencies): AppServices {
  const { db } = deps.database;
  return {
    auth: createAuthService(deps),
    catalogue: createCatalogueCache(db),
    bookingWriter: createBookingWriter(db),
    places: createPlacesService(db),
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
    if (!c.res.headers.has("X-Content-Type-Options")) for (const [name, value] of securityHeaders) c.res.headers.set(name, value);
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
  api.route("/affiliate", affiliateRoutes);
  api.route("/account", accountRoutes);
  api.route("/services", catalogueRoutes);
  api.route("/places", placesRoutes);
  api.route("/bookings", bookingRoutes);
  api.route("/admin", operatorRoutes);
  api.all("*", () => {
    throw new HttpError(404, "not_found", "There is no such API endpoint.");
  });
  app.route("/api", api);

  // ARCHITECTURE.md e-mail: the dev mailbox exists only outside production.
  if (deps.env.devMailbox) app.route("/dev/mailbox", devMailboxRoutes);

  if (site?.available) app.on(["GET", "HEAD"], "*", (c) => site.handle(c));

  // The one error handler: every API failure is { error: { code, message } } and never a stack trace.
  app.onError((error, c) => {
    // RFC 9110 §10.2.3: a refusal that names its wait (a rate limit, a cooldown) says it in Retry-After.
    const retryAfterSeconds = retryAfterSecondsOf(error);
    if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
    if (error instanceof HttpError) {
      return c.json(errorBody(error.code, error.message, error.fields), error.status);
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
    c.var.logger.error({ err: error }, "unhandled error");
    return c.json(errorBody("internal_error", "Something went wrong on our side. Please try again."), 500);
  });

  app.notFound((c) => c.json(errorBody("not_found", "Not found"), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
