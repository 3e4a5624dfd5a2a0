// Scale-out throughput (ADR 081, ADR 124). Starts two production
// server processes on different ports against one PostgreSQL schema, signs customers in through the
// first (their sessions work on either process), and drives a CLOSED-LOOP, saturating mix of
// booking creations and the reads around them (the dashboard's list and detail, price quotes):
// first every connection against one process, then the same connections spread across both.
// Prints one JSON line with the throughput of each phase and their ratio. A report, not a target:
// on a 2-core machine the two processes and the load generator share the same cores.
// The booking and quote limits are raised far above the run (still checked on every request,
// ADR 034): a saturating loop books thousands of times per customer.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale-out
import { freePort, startSmtpSink, type SmtpSink } from "../src/server/test-support/smtp-sink.ts";
import type { ServerProcess } from "../src/server/test-support/server-process.ts";
import { chooser, operations, setUp, type Operation } from "./load-mix.ts";
import {
  checkBookings,
  createAccounts,
  createRecordingClient,
  machineLoadAverage,
  non2xxByStatus,
  prepareDatabase,
  processCpuSeconds,
  readCatalogue,
  seededRandom,
  startBenchServer,
  type OperationSummary,
} from "./load-support.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("bench:scale-out needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test): two processes share one PostgreSQL.");
  process.exit(2);
}
const phaseSeconds = Number(process.env.SCALE_SECONDS ?? 20);
const connections = Number(process.env.SCALE_CONNECTIONS ?? 32);
const customerCount = Number(process.env.SCALE_CUSTOMERS ?? 100);
/** The booking-centred part of the load mix, with its shares. */
const mixWeights: Record<string, number> = { bookingCreate: 3, dashboardBookings: 3, dashboardBookingDetail: 2, quote: 2 };
const unlimited = "1000000000";

type Phase = {
  requestsPerSecond: number;
  requests: number;
  errors: number;
  non2xx: Record<string, number>;
  /** Cores each server process used on average during the phase. */
  serverCores: number[];
  loadGeneratorCores: number;
  machineLoadAverage: { before: number; after: number };
  operations: Record<string, OperationSummary>;
};

const database = await prepareDatabase("bench-scale-out", databaseUrl);
let smtp: SmtpSink | undefined;
const servers: ServerProcess[] = [];
try {
  const smtpPort = await freePort();
  smtp = await startSmtpSink(smtpPort, () => {});
  const accounts = await createAccounts(database, {
    count: customerCount,
    prefix: "customer",
    addressOf: (index) => `198.51.${100 + Math.floor(index / 250)}.${1 + (index % 250)}`,
  });
  const env = { BOOKINGS_PER_ACCOUNT_HOUR: unlimited, BOOKINGS_PER_ADDRESS_HOUR: unlimited, QUOTES_PER_ADDRESS_HOUR: unlimited };
  servers.push(...(await Promise.all([startBenchServer(database, { smtpPort, env }), startBenchServer(database, { smtpPort, env })])));
  const [first] = servers as [ServerProcess, ServerProcess];
  const setupClient = createRecordingClient();
  const catalogue = await readCatalogue(setupClient, first.url);
  const { customers, acknowledged } = await setUp(setupClient, first.url, accounts, catalogue);
  setupClient.close();
  const random = seededRandom(11);

  /** `connections` loops, each sending its next request as soon as the last is answered. */
  async function closedLoop(targets: ServerProcess[]): Promise<Phase> {
    const client = createRecordingClient();
    const mixes = targets.map((server) =>
      operations({ client, origin: server.url, customers, operators: [], catalogue, random, acknowledged, undecided: [] })
        .filter((operation) => operation.name in mixWeights)
        .map((operation): Operation => ({ ...operation, weight: mixWeights[operation.name] ?? 0 })),
    );
    const cpuBefore = servers.map((server) => processCpuSeconds(server.child.pid));
    const generatorBefore = process.cpuUsage();
    const loadBefore = machineLoadAverage();
    const started = performance.now();
    const end = started + phaseSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, index) => {
        // Connection i always talks to process i mod N, as a round-robin balancer spreads them.
        const choose = chooser(mixes[index % mixes.length] ?? [], random);
        while (performance.now() < end) await choose().start(performance.now());
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cores = (seconds: number) => Math.round((seconds / elapsedSeconds) * 100) / 100;
    const serverCores = servers.map((server, index) => cores(processCpuSeconds(server.child.pid) - (cpuBefore[index] ?? 0)));
    const generator = process.cpuUsage(generatorBefore);
    const summaries = Object.fromEntries(Object.keys(mixWeights).map((name) => [name, client.summary(name, elapsedSeconds)]));
    client.close();
    const all = Object.values(summaries);
    const requests = all.reduce((sum, summary) => sum + summary.requests, 0);
    return {
      requestsPerSecond: Math.round(requests / elapsedSeconds),
      requests,
      errors: all.reduce((sum, summary) => sum + summary.errors + summary.timeouts, 0),
      non2xx: non2xxByStatus(all),
      serverCores,
      loadGeneratorCores: cores((generator.user + generator.system) / 1e6),
      machineLoadAverage: { before: loadBefore, after: machineLoadAverage() },
      operations: summaries,
    };
  }

  const oneProcess = await closedLoop([first]);
  const twoProcesses = await closedLoop(servers);
  await Promise.all(servers.map((server) => server.stop()));
  const bookings = await checkBookings(database, acknowledged);
  console.log(
    JSON.stringify({
      benchmark: "scale-out",
      engine: database.engine,
      connections,
      phaseSeconds,
      customers: customers.length,
      oneProcess,
      twoProcesses,
      twoToOneThroughput: Math.round((twoProcesses.requestsPerSecond / Math.max(1, oneProcess.requestsPerSecond)) * 100) / 100,
      bookings,
    }),
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await smtp?.close();
  await database.remove();
}
