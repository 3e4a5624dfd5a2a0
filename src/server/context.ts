import type { Logger } from "pino";
import type { DatabaseHandle } from "./db/database.ts";
import type { Environment } from "./env.ts";
import type { FileStorage } from "./storage/storage.ts";

/** What every feature receives: built once in index.ts (or a test) and passed to createApp. */
export type AppDependencies = {
  env: Environment;
  database: DatabaseHandle;
  logger: Logger;
  /** Uploaded files (ARCHITECTURE.md files): local disk under DATA_DIR/uploads. */
  storage: FileStorage;
};

/** Hono variables available as c.var.* in every handler. */
export type AppVariables = {
  requestId: string;
  logger: Logger;
  deps: AppDependencies;
};

export type AppEnv = { Variables: AppVariables };
