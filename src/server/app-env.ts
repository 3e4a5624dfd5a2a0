import type { Logger } from "pino";
import type { AuthService } from "./auth/auth.ts";
import type { BookingLifecycle } from "./booking-lifecycle/state-machine.ts";
import type { CatalogueCache } from "./catalogue-store.ts";
import type { Clock } from "./clock.ts";
import type { AppDependencies } from "./context.ts";
import type { EventHub } from "./events/event-hub.ts";
import type { BookingWriter } from "./features/bookings/repo.ts";
import type { MetricsRegistry } from "./features/metrics/registry.ts";
import type { BankIdClient } from "./features/bankid/client.ts";
import type { PlacesService } from "./features/places/service.ts";
import type { PaymentsService } from "./payments/payments-service.ts";

/**
 * The long-lived services of one app, built once by createServices (app.ts, the composition root)
 * from its dependencies; every app (and every test app) has its own.
 */
export type AppServices = {
  auth: AuthService;
  catalogue: CatalogueCache;
  bookingWriter: BookingWriter;
  places: PlacesService;
  /** This process's request counts and latencies for /api/metrics (ADR 080). */
  metrics: MetricsRegistry;
  /** The booking state machine (ADR 090): every status change goes through it. */
  bookingLifecycle: BookingLifecycle;
  /** This process's live-update hub (ADR 092); closed with the app, which ends every open stream. */
  events: EventHub;
  /** The payment gateway and the money flow (ADR 130): capture, void and refund follow the lifecycle. */
  payments: PaymentsService;
  /** Where time-bound rules read the time (an operative's brief window, ADR 164); a test moves its own. */
  clock: Clock;
  /** ADR 272: the BankID Relying Party API client, null when BankID is not configured. */
  bankId: BankIdClient | null;
};

/** Hono variables available as c.var.* in every handler. */
export type AppVariables = {
  requestId: string;
  logger: Logger;
  deps: AppDependencies;
  services: AppServices;
};

export type AppEnv = { Variables: AppVariables };
