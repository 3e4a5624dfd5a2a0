import type { Duplex } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import { createApp, createServices } from "./app.ts";
import type { AppDependencies } from "./context.ts";
import { openDatabase, waitForDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { Environment } from "./env.ts";
import { bookingForMail } from "./features/bookings/service.ts";
import { startIdRetentionSweep } from "./features/operator/id-retention.ts";
import { createLogger } from "./logger.ts";
import { releaseClaimsOfEndedProcess, startMailWorker, type MailWorkerOptions } from "./mail/worker.ts";
import { loadStaticSite } from "./static-site.ts";
import { createLocalDiskStorage } from "./storage/local-disk-storage.ts";

export type RunningServer = {
  deps: AppDependencies;
  server: ServerType;
  url: string;
  stop: () => Promise<void>;
};

/** Opens the database, applies migrations and starts listening. Used by index.ts and the tests. */
export async function startServer(
  env: Environment,
  options: { clientDirectory?: string; mailWorker?: MailWorkerOptions } = {},
): Promise<RunningServer> {
  const logger = createLogger(env);
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDirectory: env.dataDirectory, timeouts: env.databaseTimeouts, logger });
  try {
    // ADR 011: a database that is still starting gets a few tries before the process gives up.
    await waitForDatabase(database, { ...env.databaseStart, logger });
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const deps: AppDependencies = {
    env,
    database,
    logger,
    storage: createLocalDiskStorage(env.uploadsDirectory, { maxBytes: env.uploadsMaxBytes }),
  };
  const site = loadStaticSite(options.clientDirectory ?? env.clientDirectory);
  if (!site.available) logger.warn("no client build found: run `npm run build` to serve the web app");
  const services = createServices(deps);
  const app = createApp(deps, site, services);

  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: env.port, hostname: env.host, serverOptions: { maxHeaderSize: 64 * 1024 } }, () =>
      resolve(instance),
    );
  });
  // A request line or headers too large for the parser (or otherwise malformed) gets a JSON 400
  // like every other bad request (ARCHITECTURE.md: every error is { error: { code, message } }),
  // instead of Node's bare 431.
  server.on("clientError", (_error: Error, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: { code: "bad_request", message: "The request could not be read." } });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.port;
  const url = `http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${port}`;
  logger.info({ url, database: database.engine }, "server listening");
  // ADR 082: one process owns a SQLite database, so mails still claimed now were being sent by a
  // process that ended (a crash or SIGKILL); they are sent again at once, with the same Message-ID.
  if (database.engine === "sqlite") {
    const released = await releaseClaimsOfEndedProcess(database.db);
    if (released > 0) logger.warn({ released }, "mails a previous process was sending are queued again");
  }
  // ADR 032: the outbox worker runs beside the server and stops before the database.
  const mailWorker = startMailWorker(deps, {
    sources: { booking: (bookingId) => bookingForMail(deps, bookingId) },
    ...options.mailWorker,
  });
  // ADR 070: approved identity documents' files are deleted after the retention period.
  const idRetention = startIdRetentionSweep(deps);

  return {
    deps,
    server,
    url,
    stop: async () => {
      // ADR 092: open event streams never end by themselves; they are ended first, or close() would wait for them.
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      await services.events.close();
      await closing;
      await mailWorker.stop();
      await idRetention.stop();
      await database.close();
    },
  };
}
