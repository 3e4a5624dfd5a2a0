import type { Logger } from "pino";
import type { AuthService } from "./auth/auth.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { Environment } from "./env.ts";

/** What the app is built from: opened once in server.ts (or a test) and passed to createApp. */
export type AppDependencies = {
  env: Environment;
  database: DatabaseHandle;
  logger: Logger;
};

/**
 * The long-lived services of one app, built once by createServices (app.ts, the composition root)
 * from its dependencies; every app (and every test app) has its own.
 */
export type AppServices = {
  auth: AuthService;
};

/** Hono variables available as c.var.* in every handler. */
export type AppVariables = {
  requestId: string;
  logger: Logger;
  deps: AppDependencies;
  services: AppServices;
};

export type AppEnv = { Variables: AppVariables };
