// Whole-product load benchmark (ADR 081). Starts the production server (SQLite in a temporary
// DATA_DIR; PostgreSQL in a fresh schema when DATABASE_URL is given) with the client build and a
// real SMTP server on loopback, creates 200 customers and 2 operators, signs each in through the
// API, and then offers an OPEN-LOOP mix of what visitors, customers and operators do at
// LOAD_RATE requests/s (300) for LOAD_SECONDS (60): requests leave on an even schedule and each
// latency counts from its scheduled departure, so a slow answer cannot hide the wait of the
// requests queued behind it (ADR 053). Each simulated customer has its own client address in
// X-Forwarded-For (TRUSTED_PROXIES=127.0.0.1), and the booking and quote limits stay at their
// defaults, so every limit acts as it does for real visitors. It then checks the database: every
// booking answered 201 is stored exactly once at the price the shared pricing module computes
// from the catalogue, and nothing else was stored. Prints one JSON line.
// Run: npm run build && npm run bench:load   (DATABASE_URL=postgres://… for PostgreSQL;
// LOAD_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profile" to profile the server)
import { cookieHeader } from "../src/server/test-support/accounts.ts";
import type { SmtpSink } from "../src/server/test-support/smtp-sink.ts";
import { freePort, startSmtpSink } from "../src/server/test-support/smtp-sink.ts";
import type { CatalogueService } from "../src/shared/booking.ts";
import {
  bookingContentFactory,
  checkBookings,
  createAccounts,
  createRecordingClient,
  expectedTotal,
  newBookingId,
  prepareDatabase,
  readCatalogue,
  requireBuild,
  seededRandom,
  signInOverApi,
  startBenchServer,
  type AcknowledgedBooking,
  type BenchAccount,
  type RecordingClient,
  type RequestSpec,
} from "./load-support.ts";

const offeredRate = Number(process.env.LOAD_RATE ?? 300);
const durationSeconds = Number(process.env.LOAD_SECONDS ?? 60);
const warmUpSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const customerCount = Number(process.env.LOAD_CUSTOMERS ?? 200);
const p99TargetMs = 50;
const buildDirectory = requireBuild(process.env.BUILD_DIR ?? "build");
const databaseUrl = process.env.DATABASE_URL || undefined;

type Customer = BenchAccount & { cookie: string; bookingIds: string[]; contactId: string };
type Operator = BenchAccount & { cookie: string };
type Operation = { name: string; weight: number; start: (scheduledAt: number) => Promise<unknown> };

const placeQueries = ["St", "Sto", "Stock", "Göt", "Göteb", "Mal", "Malmö", "Upp", "Lon", "Par", "Osl", "Hel", "Köp", "Ber", "Zür", "Vis"];
const pages = ["/", "/secure-booking", "/help", "/services/bodyguard"];

function parse<Shape>(body: string | undefined): Shape | undefined {
  try {
    return body === undefined ? undefined : (JSON.parse(body) as Shape);
  } catch {
    return undefined;
  }
}

/** The mix: shares of the offered rate, as a busy day's logs could show them (ADR 081). */
function operations(options: {
  client: RecordingClient;
  origin: string;
  customers: Customer[];
  operators: Operator[];
  catalogue: CatalogueService[];
  random: () => number;
  acknowledged: AcknowledgedBooking[];
  undecided: string[];
}): Operation[] {
  const { client, origin, customers, operators, catalogue, random, acknowledged, undecided } = options;
  const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)] as Item;
  const newContent = bookingContentFactory(catalogue, seededRandom(7));
  const visitorAddress = () => `203.0.113.${1 + Math.floor(random() * 250)}`;
  const send = (name: string, scheduledAt: number, spec: Omit<RequestSpec, "origin">) =>
    client.send(name, { origin, ...spec }, scheduledAt);
  const asCustomer = (name: string, weight: number, spec: (customer: Customer) => Omit<RequestSpec, "origin" | "address" | "cookie">) => ({
    name,
    weight,
    start: (scheduledAt: number) => {
      const customer = pick(customers);
      return send(name, scheduledAt, { ...spec(customer), address: customer.address, cookie: customer.cookie });
    },
  });
  const asOperator = (name: string, weight: number, spec: () => Omit<RequestSpec, "origin" | "address" | "cookie"> | undefined) => ({
    name,
    weight,
    start: async (scheduledAt: number) => {
      const operator = pick(operators);
      const request = spec();
      if (request) await send(name, scheduledAt, { ...request, address: operator.address, cookie: operator.cookie });
    },
  });

  return [
    {
      name: "page",
      weight: 20,
      start: (scheduledAt) =>
        send("page", scheduledAt, { method: "GET", path: pick(pages), address: visitorAddress(), acceptEncoding: "br, gzip" }),
    },
    {
      name: "catalogue",
      weight: 3,
      start: (scheduledAt) =>
        send("catalogue", scheduledAt, { method: "GET", path: "/api/services?language=en", address: visitorAddress() }),
    },
    {
      name: "placeAutocomplete",
      weight: 12,
      start: (scheduledAt) =>
        send("placeAutocomplete", scheduledAt, {
          method: "GET",
          path: `/api/places?q=${encodeURIComponent(pick(placeQueries))}&lang=${random() < 0.7 ? "en" : "sv"}`,
          address: visitorAddress(),
        }),
    },
    {
      name: "quote",
      weight: 12,
      start: (scheduledAt) =>
        send("quote", scheduledAt, { method: "POST", path: "/api/bookings/quote", address: visitorAddress(), json: newContent() }),
    },
    {
      name: "health",
      weight: 5,
      start: (scheduledAt) => send("health", scheduledAt, { method: "GET", path: "/api/health", address: visitorAddress() }),
    },
    {
      name: "signIn",
      weight: 1,
      start: async (scheduledAt) => {
        const customer = pick(customers);
        const answer = await send("signIn", scheduledAt, {
          method: "POST",
          path: "/api/account/sign-in",
          address: customer.address,
          json: { email: customer.email, password: customer.password },
        });
        // The customer goes on with the new session, as the browser would.
        if (answer?.status === 200) customer.cookie = cookieHeader(answer.setCookies);
      },
    },
    {
      name: "bookingCreate",
      weight: 8,
      start: async (scheduledAt) => {
        const customer = pick(customers);
        const content = newContent();
        const id = newBookingId();
        const answer = await send("bookingCreate", scheduledAt, {
          method: "POST",
          path: "/api/bookings",
          address: customer.address,
          cookie: customer.cookie,
          json: { ...content, bookingId: id, location: "Stockholm, Sweden" },
        });
        if (answer?.status !== 201) return;
        const total = parse<{ total: number }>(answer.body)?.total ?? Number.NaN;
        acknowledged.push({ id, total, expectedTotal: expectedTotal(catalogue, content) });
        customer.bookingIds.push(id);
        undecided.push(id);
      },
    },
    asCustomer("session", 4, () => ({ method: "GET", path: "/api/account/session" })),
    asCustomer("dashboardBookings", 10, () => ({ method: "GET", path: `/api/bookings?window=${pick(["all", "month", "year"])}` })),
    asCustomer("dashboardBookingDetail", 5, (customer) => ({ method: "GET", path: `/api/bookings/${pick(customer.bookingIds)}` })),
    asCustomer("profileRead", 5, () => ({ method: "GET", path: "/api/account/profile" })),
    asCustomer("profileUpdate", 2, () => ({
      method: "PATCH",
      path: "/api/profile",
      json: { phoneNumber: `+46 70 ${String(100 + Math.floor(random() * 900))} ${String(10 + Math.floor(random() * 90))} 00` },
    })),
    asCustomer("emergencyContactSave", 2, (customer) => ({
      method: "PUT",
      path: `/api/emergency-contacts/${customer.contactId}`,
      json: { name: pick(["Karin Berg", "Lars Nilsson", "Maja Ek"]), phone: "+46 70 222 33 44", email: "ice@example.test" },
    })),
    asOperator("operatorQueue", 5, () => ({ method: "GET", path: `/api/admin/bookings${random() < 0.6 ? "?status=pending" : ""}` })),
    asOperator("operatorBookingDetail", 3, () => ({ method: "GET", path: `/api/admin/bookings/${pick(acknowledged).id}` })),
    asOperator("operatorDecision", 3, () => {
      // Each booking is decided once, by whichever operator takes it from the queue.
      const id = undecided.splice(Math.floor(random() * undecided.length), 1)[0];
      if (id === undefined) return undefined;
      return random() < 0.85
        ? { method: "POST", path: `/api/admin/bookings/${id}/confirm`, json: { note: "Team lead briefed; client called back." } }
        : { method: "POST", path: `/api/admin/bookings/${id}/decline`, json: { reason: "No operatives free for those days." } };
    }),
  ];
}

async function setUp(client: RecordingClient, origin: string, accounts: BenchAccount[], catalogue: CatalogueService[]) {
  const newContent = bookingContentFactory(catalogue, seededRandom(3));
  const acknowledged: AcknowledgedBooking[] = [];
  const customers: Customer[] = [];
  // A few at a time: each sign-in is a deliberately slow password check (scrypt).
  for (let index = 0; index < accounts.length; index += 4) {
    const batch = accounts.slice(index, index + 4);
    customers.push(
      ...(await Promise.all(
        batch.map(async (account) => {
          const cookie = await signInOverApi(client, origin, account);
          const content = newContent();
          const id = newBookingId();
          const booking = await client.send("setup", {
            origin,
            method: "POST",
            path: "/api/bookings",
            address: account.address,
            cookie,
            json: { ...content, bookingId: id, location: "Uppsala, Sweden" },
          });
          if (booking?.status !== 201) throw new Error(`A first booking failed: ${booking?.status} ${booking?.body}`);
          acknowledged.push({
            id,
            total: parse<{ total: number }>(booking.body)?.total ?? Number.NaN,
            expectedTotal: expectedTotal(catalogue, content),
          });
          const contact = await client.send("setup", {
            origin,
            method: "POST",
            path: "/api/emergency-contacts",
            address: account.address,
            cookie,
            json: { name: "Karin Berg", phone: "+46 70 222 33 44", email: "" },
          });
          const contactId = parse<{ id: string }>(contact?.body)?.id;
          if (contact?.status !== 201 || !contactId) throw new Error(`An emergency contact failed: ${contact?.status} ${contact?.body}`);
          return { ...account, cookie, bookingIds: [id], contactId };
        }),
      )),
    );
  }
  return { customers, acknowledged };
}

/** Sends `rate` requests per second on an even schedule; see the header. */
async function openLoop(mix: Operation[], random: () => number, seconds: number): Promise<{ started: number; elapsedSeconds: number }> {
  const totalWeight = mix.reduce((sum, operation) => sum + operation.weight, 0);
  const choose = () => {
    let ticket = random() * totalWeight;
    for (const operation of mix) {
      ticket -= operation.weight;
      if (ticket < 0) return operation;
    }
    return mix[mix.length - 1] as Operation;
  };
  const pending = new Set<Promise<unknown>>();
  const total = Math.round(offeredRate * seconds);
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * offeredRate));
    for (; sent < due; sent += 1) {
      const done = choose().start(started + (sent / offeredRate) * 1000);
      pending.add(done);
      void done.finally(() => pending.delete(done));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  return { started, elapsedSeconds: (performance.now() - started) / 1000 };
}

const database = await prepareDatabase("bench-load", databaseUrl);
let smtp: SmtpSink | undefined;
let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
const client = createRecordingClient();
try {
  let mailsDelivered = 0;
  const smtpPort = await freePort();
  smtp = await startSmtpSink(smtpPort, () => {
    mailsDelivered += 1;
  });
  const accounts = await createAccounts(database, {
    count: customerCount,
    prefix: "customer",
    addressOf: (index) => `198.51.${100 + Math.floor(index / 250)}.${1 + (index % 250)}`,
  });
  const staff = await createAccounts(database, {
    count: 2,
    prefix: "operator",
    role: "operator",
    addressOf: (index) => `192.0.2.${10 + index}`,
  });
  server = await startBenchServer(database, {
    smtpPort,
    buildDirectory,
    nodeArguments: (process.env.LOAD_SERVER_ARGS ?? "").split(" ").filter(Boolean),
  });
  const origin = server.url;
  const catalogue = await readCatalogue(client, origin);
  const { customers, acknowledged } = await setUp(client, origin, accounts, catalogue);
  const operators = await Promise.all(staff.map(async (account) => ({ ...account, cookie: await signInOverApi(client, origin, account) })));
  for (const page of pages) {
    const answer = await client.send("setup", { origin, method: "GET", path: page, address: "192.0.2.1" });
    if (answer?.status !== 200 || !answer.body.includes("<html"))
      throw new Error(`The page ${page} is not served from the build: ${answer?.status}`);
  }

  const random = seededRandom(42);
  const undecided = acknowledged.map((booking) => booking.id);
  const state = { origin, customers, operators, catalogue, random, acknowledged, undecided };
  // The same mix for a few seconds first, recorded apart: a fresh process compiles its hot paths
  // and sends the setup's confirmation mails then, which is not the steady state being measured.
  const warmUpClient = createRecordingClient();
  const warmUp = await openLoop(operations({ ...state, client: warmUpClient }), random, warmUpSeconds);
  const warmUpSlowestMs = Math.max(0, ...warmUpClient.timeline(warmUp.started));
  const mix = operations({ ...state, client });
  const { started, elapsedSeconds } = await openLoop(mix, random, durationSeconds);

  const setup = client.summary("setup", elapsedSeconds);
  const perOperation = Object.fromEntries(mix.map((operation) => [operation.name, client.summary(operation.name, elapsedSeconds)]));
  const results = Object.values(perOperation);
  const warmUpResults = mix.map((operation) => warmUpClient.summary(operation.name, warmUp.elapsedSeconds));
  warmUpClient.close();
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const errors = [...results, ...warmUpResults].reduce((sum, result) => sum + result.errors + result.timeouts, 0);
  // Every answer counts here, the setup's and the warm-up's too: no 5xx anywhere.
  const non2xx: Record<string, number> = {};
  for (const result of [...results, ...warmUpResults, setup]) {
    for (const [status, count] of Object.entries(result.non2xx)) non2xx[status] = (non2xx[status] ?? 0) + count;
  }
  const serverErrors = Object.entries(non2xx)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  // Pino level 50 is "error": anything the server logged as an error during the run.
  const serverErrorLogLines = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":50')).length;
  await server.stop();
  const bookings = await checkBookings(database, acknowledged);
  const slowest = Object.entries(perOperation).reduce((worst, entry) => (entry[1].p99Ms > worst[1].p99Ms ? entry : worst));
  const { health, ...operationsWithoutHealth } = perOperation;
  const allWithinP99 = results.every((result) => result.p99Ms <= p99TargetMs);
  const clean = errors === 0 && Object.keys(non2xx).length === 0 && bookings.ok;

  console.log(
    JSON.stringify({
      benchmark: "load",
      engine: database.engine,
      offeredRequestsPerSecond: offeredRate,
      durationSeconds: Math.round(elapsedSeconds * 10) / 10,
      warmUp: { seconds: warmUpSeconds, slowestAnswerMs: warmUpSlowestMs },
      customers: customers.length,
      operators: operators.length,
      requests,
      achievedRequestsPerSecond: Math.round((requests / elapsedSeconds) * 10) / 10,
      errors,
      non2xx,
      serverErrors,
      serverErrorLogLines,
      operations: operationsWithoutHealth,
      health,
      slowestP99: { operation: slowest[0], p99Ms: slowest[1].p99Ms },
      bookings,
      operatorDecisions: perOperation.operatorDecision?.requests ?? 0,
      mailsDelivered,
      slowestAnswerPerSecondMs: client.timeline(started),
      targets: { errors: 0, lostOrDuplicatedBookings: 0, p99Ms: database.engine === "sqlite" ? p99TargetMs : "reported only" },
      allOperationsWithinP99: allWithinP99,
      meetsTargets: database.engine === "sqlite" ? clean && allWithinP99 : clean,
    }),
  );
} finally {
  client.close();
  await server?.stop();
  await smtp?.close();
  await database.remove();
}
