import type { Logger } from "pino";
import type { DatabaseHandle } from "./db/database.ts";
import type { Environment } from "./env.ts";
import type { FileStorage } from "./storage/storage.ts";

// What every part of the server is built from. It imports no feature, service or job module, so any
// of them can name it without an import cycle (ADR 236); the services built
// from it, and the request's variables, are typed in app-env.ts.

/** What the app is built from: opened once in server.ts (or a test) and passed to createApp. */
export type AppDependencies = {
  env: Environment;
  database: DatabaseHandle;
  logger: Logger;
  /** Uploaded files (ADR 013): local disk under DATA_DIR/uploads. */
  storage: FileStorage;
};
