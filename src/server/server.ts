import { Server as HttpServer } from "node:http";
import type { Duplex } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import { createApp, createServices } from "./app.ts";
import type { AppDependencies } from "./context.ts";
import { openDatabase, waitForDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { Environment } from "./env.ts";
import { bookingForMail } from "./features/bookings/service.ts";
import { createLogger } from "./logger.ts";
import { ensureRecurringJobs } from "./jobs/queue.ts";
import { startJobWorker } from "./jobs/worker.ts";
import { releaseLeasesOfEndedProcess } from "./jobs/runner.ts";
import type { JobWorkerOptions } from "./jobs/types.ts";
import { loadStaticSite } from "./static-site.ts";
import { createLocalDiskStorage, removeUnfinishedWrites, unfinishedWriteAgeMs } from "./storage/local-disk-storage.ts";

export type RunningServer = {
  deps: AppDependencies;
  server: ServerType;
  url: string;
  stop: () => Promise<void>;
};

/** Opens the database, applies migrations and starts listening. Used by index.ts and the tests. */
export async function startServer(
  env: Environment,
  options: { clientDirectory?: string; mailWorker?: JobWorkerOptions } = {},
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
  // ADR 111: temporary files of uploads a killed process never finished; once more after the grace
  // period, for those of a process that was restarted at once.
  const sweepUploads = async () => {
    const removed = await removeUnfinishedWrites(env.uploadsDirectory).catch((error: unknown) => {
      logger.warn({ err: error }, "could not remove unfinished uploads");
      return 0;
    });
    if (removed > 0) logger.warn({ removed }, "removed temporary files of uploads that never finished");
  };
  await sweepUploads();
  const laterSweep = setTimeout(() => void sweepUploads(), unfinishedWriteAgeMs + 1000);
  laterSweep.unref();
  const clientDirectory = options.clientDirectory ?? env.clientDirectory;
  const site = loadStaticSite(clientDirectory, undefined, env.payments.provider);
  if (!site.available) logger.warn("no client build found: run `npm run build` to serve the web app");
  const services = createServices(deps);
  const app = createApp(deps, site, services);

  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: env.port, hostname: env.host, serverOptions: { maxHeaderSize: 64 * 1024 } }, () =>
      resolve(instance),
    );
  });
  // Node closes an idle keep-alive connection after 5 s by default, so a client that reuses its
  // socket at that moment gets ECONNRESET on a request the server never read. Idle connections stay
  // open longer than the 60 s idle timeout load balancers commonly use, so the client or proxy
  // always closes first; the headers timeout must exceed it (RFC 9112 §9.3, persistence).
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  // A request line or headers too large for the parser (or otherwise malformed) gets a JSON 400
  // like every other bad request (ADR 121: every error is { error: { code, message } }),
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
  // ADR 082: one process owns a SQLite database, so jobs still leased now were being run by a
  // process that ended (a crash or SIGKILL); they run again at once (a mail with the same Message-ID).
  if (database.engine === "sqlite") {
    const released = await releaseLeasesOfEndedProcess(database.db);
    if (released > 0) logger.warn({ released }, "jobs a previous process was running are queued again");
  }
  // ADR 098: the sweeps (identity documents, expired codes, licences) are recurring jobs; the first
  // process to start queues each one, and whichever worker claims a run queues the next.
  await ensureRecurringJobs(database.db);
  // ADR 095: the job worker runs beside the server and stops before the database.
  const jobWorker = startJobWorker(deps, {
    claimMs: env.jobLeaseMs,
    baseBackoffMs: env.jobRetryBaseMs,
    pollIntervalMs: env.jobPollIntervalMs,
    sources: { booking: (bookingId) => bookingForMail(deps, bookingId) },
    bookingLifecycle: services.bookingLifecycle,
    payments: services.payments,
    ...options.mailWorker,
  });

  return {
    deps,
    server,
    url,
    stop: async () => {
      // ADR 092: open event streams never end by themselves; they are ended first, or close() would wait for them.
      clearTimeout(laterSweep);
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      await services.events.close();
      await closing;
      await jobWorker.stop();
      await database.close();
    },
  };
}
