import { randomBytes, randomUUID } from "node:crypto";
import { seededRandom } from "./seeded-random.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseEngine } from "../db/database.ts";
import { bgMaxRecords } from "../features/invoices/bgmax.ts";
import { addDays, operatorToday } from "../../shared/time.ts";
import { createSignedInUser } from "./accounts.ts";
import { createStaff } from "./operator.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

// ADR 231: the money model test. A seeded run drives interleaved operations through the HTTP API of
// real server processes (two on one PostgreSQL schema; on SQLite, a one-process engine (ADR 082),
// one process and the in-process app), waits for the job queue to drain and checks the invariants
// of docs/money.md "Invariants and the model test" for every booking and payment. A failing run
// prints its seed and the shortest path found that still breaks an invariant; MODEL_PATH replays it.

// Randomness: one seeded generator (seeded-random.ts), so a seed names a run.
export type Random = ReturnType<typeof seededRandom>;

// ---------------------------------------------------------------------------------------------
// The world: the servers, the accounts and the bookings the run made.

type Answer = {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, unknown> } };
};
export type Endpoint = {
  name: string;
  request: (
    method: string,
    url: string,
    options?: { body?: unknown; cookie?: string; headers?: Record<string, string> },
  ) => Promise<Answer>;
};

/**
 * How a booking pays: a hold now (with a card that needs the bank's check: completed at booking, so
 * the card cannot be charged off-session later), a card charged on confirmation (one that needs the
 * bank's check), an invoice.
 */
export type SlotKind = "hold" | "hold-auth" | "later" | "later-auth" | "invoice";

const holds = (kind: SlotKind) => kind === "hold" || kind === "hold-auth";

export type Slot = {
  index: number;
  kind: SlotKind;
  bookingId: string;
  customer: { cookie: string; userId: string };
  /** Every total the customer was shown for this booking and agreed to (the booking's, an approved higher one). */
  shownCents: number[];
  /** What the run did to this booking, in order ("name(param)"). */
  history: string[];
  created: boolean;
  /** Ended (declined, cancelled or completed) with no card money left to give back: no longer picked. */
  settled?: boolean;
};

type Customer = { cookie: string; userId: string; cardId: string; authCardId: string };

export type World = {
  engine: DatabaseEngine;
  test: TestApp;
  endpoints: Endpoint[];
  processes: (ServerProcess | null)[];
  operators: { cookie: string }[];
  customers: Customer[];
  companies: { cookie: string; userId: string }[];
  slots: Slot[];
  restart: (index: number) => Promise<void>;
  close: () => Promise<void>;
  counters: { operations: number; answers: Record<string, number>; kills: number };
};

const appUrl = "http://localhost:3000";

function processEndpoint(name: string, holder: () => ServerProcess | null): Endpoint {
  return {
    name,
    async request(method, url, options = {}) {
      const running = holder();
      if (!running) return { status: 0, body: {} };
      const headers: Record<string, string> = { origin: appUrl, ...options.headers };
      // A body is JSON unless the caller says otherwise (a BgMax file is plain text).
      if (options.body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
      if (options.cookie) headers.cookie = options.cookie;
      try {
        const response = await fetch(`${running.url}${url}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
        });
        const text = await response.text();
        let body: Answer["body"] = {};
        try {
          body = JSON.parse(text) as Answer["body"];
        } catch {
          // Not JSON.
        }
        return { status: response.status, body };
      } catch {
        // The process was killed under the request: nobody knows whether it was committed.
        return { status: 0, body: {} };
      }
    },
  };
}

export type WorldOptions = {
  customers?: number;
  operators?: number;
  /** Share of the simulated processor's answers lost on the way back (a timeout, then a retry). */
  lostAnswerRate?: number;
};

export async function startWorld(engine: DatabaseEngine, options: WorldOptions = {}): Promise<World> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `money-model-${engine}-`));
  const authSecret = randomBytes(32).toString("hex");
  const limits = { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" };
  const test = await createTestApp(engine, { DATA_DIR: dataDirectory, AUTH_SECRET: authSecret, APP_URL: appUrl, ...limits });
  const processEnv = (answerDelayMs: number) => ({
    DATA_DIR: dataDirectory,
    AUTH_SECRET: authSecret,
    APP_URL: appUrl,
    JOB_LEASE_SECONDS: "2",
    JOB_RETRY_BASE_MS: "200",
    SIMULATED_PROVIDER_LOST_ANSWER_RATE: String(options.lostAnswerRate ?? 0.05),
    // A pause between the processor's answer and our commit: a SIGKILL lands in it.
    SIMULATED_PROVIDER_ANSWER_DELAY_MS: String(answerDelayMs),
    ...limits,
    ...(test.deps.env.databaseUrl && { DATABASE_URL: test.deps.env.databaseUrl }),
  });
  // PostgreSQL: two processes (the second one is the one killed). SQLite is a one-process engine
  // (ADR 082): one process, killed and restarted, and the in-process app beside it.
  const count = engine === "postgres" ? 2 : 1;
  const processes: (ServerProcess | null)[] = [];
  for (let index = 0; index < count; index += 1)
    processes.push(await startServerProcess({ env: processEnv(index === count - 1 ? 150 : 0), readyTimeoutMs: 120_000 }));
  const endpoints: Endpoint[] = processes.map((_, index) => processEndpoint(`process-${index + 1}`, () => processes[index] ?? null));
  if (engine === "sqlite")
    endpoints.push({
      name: "in-process",
      async request(method, url, options = {}) {
        const { "content-type": contentType, ...headers } = options.headers ?? {};
        const answer = await test.request(method, url, {
          body: options.body,
          // The helper's own "Content-Type" is replaced, not joined, by the caller's.
          headers: {
            origin: appUrl,
            ...(options.cookie && { cookie: options.cookie }),
            ...headers,
            ...(contentType && { "Content-Type": contentType }),
          },
        });
        return { status: answer.status, body: answer.body };
      },
    });

  // Accounts are made a few at a time (each hashes a password, CPU-bound by design).
  const inGroups = async <T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> => {
    const made: T[] = [];
    for (let start = 0; start < count; start += 4)
      made.push(...(await Promise.all(Array.from({ length: Math.min(4, count - start) }, (_, offset) => make(start + offset)))));
    return made;
  };
  // Enough operators that the refunds (60 per operator an hour) are not refused by the rate limit.
  const operators = await inGroups(options.operators ?? 16, () => createStaff(test, "operator"));
  const customers: Customer[] = await inGroups(options.customers ?? 10, async () => {
    const signedIn = await createSignedInUser(test);
    const save = async (cardNumber: string) => {
      const saved = await test.request("POST", "/api/account/payment-methods", {
        body: { cardNumber, expiry: "12/34", cvv: "123" },
        headers: { cookie: signedIn.cookie },
      });
      if (saved.status !== 201) throw new Error(`money model: a card was not saved: ${JSON.stringify(saved.body)}`);
      return (saved.body.paymentMethod as { id: string }).id;
    };
    return {
      cookie: signedIn.cookie,
      userId: signedIn.user.id,
      cardId: await save("4242424242424242"),
      authCardId: await save("4000002500003155"),
    };
  });
  const companies = await inGroups(3, async (index) => {
    const signedIn = await createSignedInUser(test);
    const saved = await test.request("PUT", "/api/invoices/business", {
      body: {
        companyName: `Lindqvist Säkerhet ${index} AB`,
        organisationNumber: "556012-5790",
        vatNumber: "SE556012579001",
        billingAddress: "Box 123, 114 56 Stockholm",
      },
      headers: { cookie: signedIn.cookie },
    });
    if (saved.status !== 200) throw new Error(`money model: no business profile: ${JSON.stringify(saved.body)}`);
    const decided = await test.request("POST", `/api/admin/invoicing/business-accounts/${signedIn.user.id}/decision`, {
      body: { decision: "approved" },
      headers: { cookie: operators[0]!.cookie },
    });
    if (decided.status !== 200) throw new Error(`money model: the company was not approved: ${JSON.stringify(decided.body)}`);
    return { cookie: signedIn.cookie, userId: signedIn.user.id };
  });

  const world: World = {
    engine,
    test,
    endpoints,
    processes,
    operators,
    customers,
    companies,
    slots: [],
    counters: { operations: 0, answers: {}, kills: 0 },
    async restart(index) {
      const running = processes[index];
      if (!running) return;
      processes[index] = null;
      await running.kill();
      world.counters.kills += 1;
      processes[index] = await startServerProcess({ env: processEnv(index === count - 1 ? 150 : 0), readyTimeoutMs: 120_000 });
    },
    async close() {
      for (const running of processes) await running?.stop();
      await test.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
  return world;
}

// ---------------------------------------------------------------------------------------------
// The operations: one table. Each has a group (switched on and off by MODEL_GROUPS), a precondition
// on what the database says of the booking now, and an action through the HTTP API that updates
// the model (what the customer was shown). Extend the table to cover a new path.

export type BookingNow = {
  status: string;
  paymentStatus: string;
  priceCents: number;
  approvalCents: number | null;
  startDate: string;
  /** ADR 225: set once the charge failed and the customer has until then to pay. */
  paymentDueAt: string | null;
  capturedCents: number;
  refundedCents: number;
  invoiced: boolean;
};

export type OperationContext = {
  world: World;
  slot: Slot;
  endpoint: Endpoint;
  /** A number in [0, 1) fixed in the path, for the operation's own choices (an amount, a day). */
  parameter: number;
  operator: { cookie: string };
};

export type Operation = {
  name: string;
  group: string;
  weight: number;
  /** Whether the operation applies to the booking as the database has it now (null: not yet booked). */
  applies: (slot: Slot, now: BookingNow | null) => boolean;
  run: (context: OperationContext) => Promise<Answer>;
  /** Books the slot: a new booking is made only by these. */
  books?: SlotKind;
};

const today = () => operatorToday(new Date());
const open = (now: BookingNow | null) =>
  now !== null && (now.status === "pending" || now.status === "payment_needed" || now.status === "confirmed");

/**
 * A request sent again after a lost answer (a timeout) or a server error, as the pages do, on the
 * next process: the same body, so the same key.
 */
async function withRetries(context: OperationContext, send: (endpoint: Endpoint) => Promise<Answer>): Promise<Answer> {
  const { world } = context;
  let endpoint = context.endpoint;
  let answer: Answer = { status: 0, body: {} };
  for (let attempt = 0; attempt < 6; attempt += 1) {
    answer = await send(endpoint);
    if (answer.status !== 0 && answer.status < 500) break;
    endpoint = world.endpoints[(world.endpoints.indexOf(endpoint) + 1) % world.endpoints.length]!;
    if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return answer;
}
const reason = { reason: "Model test" };

async function book(context: OperationContext, kind: SlotKind): Promise<Answer> {
  const { world, slot, parameter } = context;
  // Within the hold (7 days) on both sides of the refund deadline (start − 2 days), or beyond it.
  const offset = holds(kind) ? 1 + Math.floor(parameter * 6) : 9 + Math.floor(parameter * 10);
  const guards = 1 + Math.floor((parameter * 97) % 3);
  const day = addDays(today(), offset);
  const cardCustomer = kind === "invoice" ? null : world.customers[slot.index % world.customers.length]!;
  const customer = cardCustomer ?? world.companies[slot.index % world.companies.length]!;
  slot.customer = { cookie: customer.cookie, userId: customer.userId };
  const card = cardCustomer ? (kind === "later-auth" || kind === "hold-auth" ? cardCustomer.authCardId : cardCustomer.cardId) : null;
  const body = {
    bookingId: slot.bookingId,
    location: "Göteborg, Sweden",
    startDate: day,
    endDate: day,
    services: [{ serviceId: "svc-residential", options: { guards, days: 1, timeOfDay: "day" } }],
    language: "en",
    ...(card && { payment: { paymentMethodId: card, ...(!holds(kind) && { chargeLaterConsent: true }) } }),
  };
  const send = () => withRetries(context, (endpoint) => endpoint.request("POST", "/api/bookings", { body, cookie: customer.cookie }));
  let answer = await send();
  const challengeUrl = answer.body.error?.code === "payment_requires_action" ? String(answer.body.error.fields?.challengeUrl ?? "") : "";
  if (challengeUrl) {
    // The customer completes the bank's check on the simulated bank's page (the processor's own
    // step, not our API), then the page sends the same request again.
    const providerPaymentId = challengeUrl.split("/").pop()?.split("?")[0] ?? "";
    await world.test.services.payments.gateway.confirmAuthentication({
      providerPaymentId,
      completed: true,
      idempotencyKey: `authenticate:${providerPaymentId}`,
    });
    answer = await send();
  }
  if (answer.status === 201) {
    slot.created = true;
    slot.shownCents.push(Number(answer.body.totalCents));
    if (kind === "invoice") {
      // A killed process may lose the answer: sent again on the next one, and the database says
      // whether the choice was made (a repeat of a made choice may be refused).
      const chosen = await withRetries(context, (endpoint) =>
        endpoint.request("POST", `/api/invoices/bookings/${slot.bookingId}/invoice`, { cookie: customer.cookie }),
      );
      const made = await world.test.db
        .selectFrom("invoice_bookings")
        .select("booking_id")
        .where("booking_id", "=", slot.bookingId)
        .executeTakeFirst();
      if (!made) throw new Error(`money model: invoice not chosen: ${chosen.status} ${JSON.stringify(chosen.body)}`);
    }
  }
  return answer;
}

export const operations: Operation[] = [
  { name: "book-hold", group: "book", weight: 4, books: "hold", applies: (_, now) => now === null, run: (c) => book(c, "hold") },
  { name: "book-later", group: "book", weight: 2, books: "later", applies: (_, now) => now === null, run: (c) => book(c, "later") },
  {
    // A hold on a card that needs the bank's check: if the hold lapses, the saved card cannot be
    // charged off-session in its place (ADR 242), and the booking waits for the customer.
    name: "book-hold-auth",
    group: "hold-expiry",
    weight: 1,
    books: "hold-auth",
    applies: (_, now) => now === null,
    run: (c) => book(c, "hold-auth"),
  },
  {
    name: "book-later-auth",
    group: "failed-charge",
    weight: 1,
    books: "later-auth",
    applies: (_, now) => now === null,
    run: (c) => book(c, "later-auth"),
  },
  {
    name: "book-invoice",
    group: "invoice",
    weight: 2,
    books: "invoice",
    applies: (_, now) => now === null,
    run: (c) => book(c, "invoice"),
  },
  {
    name: "confirm",
    group: "book",
    weight: 5,
    applies: (_, now) => now?.status === "pending",
    run: ({ endpoint, slot, operator }) =>
      endpoint.request("POST", `/api/admin/bookings/${slot.bookingId}/confirm`, { body: {}, cookie: operator.cookie }),
  },
  {
    // A total set by hand: lower (captures less) or higher (waits for the customer's approval).
    name: "confirm-adjusted",
    group: "adjusted-total",
    weight: 2,
    applies: (slot, now) => now?.status === "pending" && slot.kind !== "invoice",
    run: async ({ endpoint, slot, operator, parameter, world }) => {
      const price = await priceOf(world, slot);
      const factor = parameter < 0.5 ? 0.6 + parameter * 0.6 : 1 + (parameter - 0.5);
      const cents = Math.max(100, Math.round((price * factor) / 100) * 100);
      return endpoint.request("POST", `/api/admin/bookings/${slot.bookingId}/confirm`, {
        body: { adjustedTotal: cents / 100 },
        cookie: operator.cookie,
      });
    },
  },
  {
    name: "approve-higher-total",
    group: "adjusted-total",
    weight: 6,
    applies: (_, now) => now?.approvalCents != null && now.status === "confirmed",
    run: async ({ endpoint, slot, world }) => {
      const approval = await world.test.db
        .selectFrom("bookings")
        .select("approval_total_cents")
        .where("id", "=", slot.bookingId)
        .executeTakeFirst();
      const answer = await endpoint.request("POST", `/api/bookings/${slot.bookingId}/payment/approve`, { cookie: slot.customer.cookie });
      if (answer.status < 300 && approval?.approval_total_cents != null) slot.shownCents.push(Number(approval.approval_total_cents));
      return answer;
    },
  },
  {
    // ADR 225: the customer pays a booking whose charge failed, with their card that needs no check.
    name: "pay-needed",
    group: "failed-charge",
    weight: 6,
    applies: (slot, now) => now?.status === "payment_needed" && now.paymentDueAt !== null && slot.kind !== "invoice",
    run: (context) => {
      const { world, slot } = context;
      const customer = world.customers[slot.index % world.customers.length]!;
      const body = { paymentMethodId: customer.cardId, attemptId: randomUUID() };
      return withRetries(context, (endpoint) =>
        endpoint.request("POST", `/api/bookings/${slot.bookingId}/payment`, { body, cookie: slot.customer.cookie }),
      );
    },
  },
  {
    name: "decline",
    group: "book",
    weight: 1,
    applies: (_, now) => now?.status === "pending",
    run: ({ endpoint, slot, operator }) =>
      endpoint.request("POST", `/api/admin/bookings/${slot.bookingId}/decline`, { body: reason, cookie: operator.cookie }),
  },
  {
    name: "cancel-by-operator",
    group: "cancel",
    weight: 1,
    applies: (_, now) => open(now),
    run: ({ endpoint, slot, operator }) =>
      endpoint.request("POST", `/api/admin/bookings/${slot.bookingId}/cancel`, { body: reason, cookie: operator.cookie }),
  },
  {
    // Before or after the refund deadline, as the booking's start day (chosen at booking) makes it.
    name: "cancel-by-customer",
    group: "cancel",
    weight: 1,
    applies: (_, now) => open(now),
    run: ({ endpoint, slot }) => endpoint.request("POST", `/api/bookings/${slot.bookingId}/cancel`, { cookie: slot.customer.cookie }),
  },
  {
    name: "refund",
    group: "refund",
    weight: 3,
    applies: (slot, now) => slot.kind !== "invoice" && now !== null && now.capturedCents - now.refundedCents > 0,
    run: async ({ endpoint, slot, operator, parameter, world }) => {
      const now = await bookingNow(world, slot);
      const left = (now?.capturedCents ?? 0) - (now?.refundedCents ?? 0);
      // Mostly within what is left, sometimes more (the answer must then refuse it).
      const amountCents = Math.max(1, Math.round(left * (parameter * 1.2)));
      return endpoint.request("POST", `/api/admin/bookings/${slot.bookingId}/refunds`, {
        body: { amountCents, reason: "Model test refund" },
        cookie: operator.cookie,
        headers: { "Idempotency-Key": randomUUID() },
      });
    },
  },
  {
    // Two refunds of one booking at the same moment, on two processes (a double click, two tabs).
    name: "double-refund",
    group: "concurrent-refunds",
    weight: 1,
    applies: (slot, now) => slot.kind !== "invoice" && now !== null && now.capturedCents - now.refundedCents > 0,
    run: async ({ world, slot, operator, parameter }) => {
      const now = await bookingNow(world, slot);
      const left = (now?.capturedCents ?? 0) - (now?.refundedCents ?? 0);
      const amountCents = Math.max(1, Math.round(left * (0.4 + parameter * 0.4)));
      const answers = await Promise.all(
        [0, 1].map((index) =>
          world.endpoints[index % world.endpoints.length]!.request("POST", `/api/admin/bookings/${slot.bookingId}/refunds`, {
            body: { amountCents, reason: "Model test refund" },
            cookie: world.operators[(world.operators.indexOf(operator) + index) % world.operators.length]!.cookie,
            headers: { "Idempotency-Key": randomUUID() },
          }),
        ),
      );
      return answers[0]!;
    },
  },
  {
    name: "credit-note",
    group: "credit-notes",
    weight: 1,
    applies: (_, now) => now !== null,
    run: async ({ endpoint, slot, operator, parameter, world }) => {
      const price = await priceOf(world, slot);
      const amountCents = Math.max(1, Math.round(price * parameter * 0.6));
      // Twice at once: a double click in the console.
      const answers = await Promise.all(
        [endpoint, world.endpoints[0]!].map((target) =>
          target.request("POST", `/api/admin/invoicing/bookings/${slot.bookingId}/credit-notes`, {
            body: { amountCents, reason: "Model test credit" },
            cookie: operator.cookie,
          }),
        ),
      );
      return answers[0]!;
    },
  },
  {
    name: "bgmax-payment",
    group: "invoice",
    weight: 1,
    applies: (slot, now) => slot.kind === "invoice" && now?.invoiced === true,
    run: async ({ endpoint, slot, operator, parameter, world }) => {
      const invoice = await world.test.db
        .selectFrom("accounting_documents")
        .select(["ocr_reference", "total_cents", "paid_cents"])
        .where("booking_id", "=", slot.bookingId)
        .where("kind", "=", "invoice")
        .executeTakeFirst();
      if (!invoice?.ocr_reference) return { status: 0, body: {} };
      // The whole amount, or a part of it.
      const amountCents =
        parameter < 0.6 ? Number(invoice.total_cents) : Math.max(1, Math.round(Number(invoice.total_cents) * parameter * 0.5));
      const serial = String(Math.floor(parameter * 1e9));
      const file = [
        // The stamp is 20 digits (date, time, microseconds): one file per parameter.
        bgMaxRecords.opening(`20261201083000${String(Math.floor(parameter * 1e6)).padStart(6, "0")}`),
        bgMaxRecords.section("5050-1055"),
        bgMaxRecords.payment({ reference: invoice.ocr_reference, amountCents, serial }),
        bgMaxRecords.deposit({ date: "2026-12-01", amountCents, count: 1 }),
        bgMaxRecords.end({ payments: 1, deposits: 1 }),
      ].join("\r\n");
      return endpoint.request("POST", "/api/admin/invoicing/bgmax", {
        body: file,
        cookie: operator.cookie,
        headers: { "content-type": "text/plain", "X-File-Name": `bgmax-${serial}.txt` },
      });
    },
  },
  {
    // The processor releases a hold not captured in time (7 days): moved to its end at the processor.
    name: "hold-expires",
    group: "hold-expiry",
    weight: 1,
    applies: (slot, now) => slot.kind !== "invoice" && now?.paymentStatus === "authorised",
    run: async ({ world, slot }) => {
      // The latest hold (a customer's payment for a booking whose charge failed is a hold too).
      const payment = await world.test.db
        .selectFrom("payments")
        .select("provider_payment_id")
        .where("booking_id", "=", slot.bookingId)
        .where("purpose", "=", "hold")
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      if (!payment?.provider_payment_id) return { status: 0, body: {} };
      await world.test.db
        .updateTable("simulated_intents")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", payment.provider_payment_id)
        .execute();
      return { status: 200, body: {} };
    },
  },
];

/** Operations on the whole world rather than one booking. */
export const worldOperations = {
  /** SIGKILL of the last process while calls are in flight (its processor answers are held 150 ms), then a restart. */
  crash: { name: "crash", group: "crash" },
};

async function priceOf(world: World, slot: Slot): Promise<number> {
  const row = await world.test.db.selectFrom("bookings").select("price").where("id", "=", slot.bookingId).executeTakeFirst();
  return Number(row?.price ?? 0);
}

export async function bookingNow(world: World, slot: Slot): Promise<BookingNow | null> {
  const db = world.test.db;
  const booking = await db
    .selectFrom("bookings")
    .select(["status", "payment_status", "price", "approval_total_cents", "start_date", "payment_due_at"])
    .where("id", "=", slot.bookingId)
    .executeTakeFirst();
  if (!booking) return null;
  const events = await db.selectFrom("payment_events").select(["type", "amount_cents"]).where("booking_id", "=", slot.bookingId).execute();
  const invoice = await db
    .selectFrom("accounting_documents")
    .select("id")
    .where("booking_id", "=", slot.bookingId)
    .where("kind", "=", "invoice")
    .executeTakeFirst();
  const sum = (type: string) =>
    events.filter((event) => event.type === type).reduce((total, event) => total + Number(event.amount_cents), 0);
  return {
    status: booking.status,
    paymentStatus: String(booking.payment_status),
    priceCents: Number(booking.price),
    approvalCents: booking.approval_total_cents == null ? null : Number(booking.approval_total_cents),
    startDate: booking.start_date,
    paymentDueAt: booking.payment_due_at,
    capturedCents: sum("captured"),
    refundedCents: sum("refunded"),
    invoiced: invoice !== undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Paths: what a run did, written so that it can be replayed (MODEL_PATH).
// A path is batches separated by "|", each batch operations separated by ",", each "slot:name@parameter".

export type Step = { slot: number; name: string; parameter: number };
export type Path = Step[][];

export const formatPath = (path: Path) =>
  path.map((batch) => batch.map((step) => `${step.slot}:${step.name}@${step.parameter.toFixed(4)}`).join(",")).join("|");

export function parsePath(text: string): Path {
  return text
    .split("|")
    .filter(Boolean)
    .map((batch) =>
      batch.split(",").map((item) => {
        const match = /^(\d+):([a-z-]+)@([\d.]+)$/.exec(item.trim());
        if (!match) throw new Error(`MODEL_PATH: cannot read "${item}"`);
        return { slot: Number(match[1]), name: match[2]!, parameter: Number(match[3]) };
      }),
    );
}

// ---------------------------------------------------------------------------------------------
// Running.

export type RunOptions = {
  seed: number;
  operations: number;
  /** The groups of operations switched on (MODEL_GROUPS); all when absent. */
  groups?: readonly string[];
  /** Bookings the run works on at a time. */
  liveBookings?: number;
  /** Steps of the run between two drains and invariant checks. */
  checkEvery?: number;
  log?: (line: string) => void;
};

export const allGroups = [...new Set([...operations.map((operation) => operation.group), worldOperations.crash.group])];

function newSlot(world: World, index: number, kind: SlotKind): Slot {
  return { index, kind, bookingId: randomUUID(), customer: { cookie: "", userId: "" }, shownCents: [], history: [], created: false };
}

async function runStep(world: World, step: Step, random: { endpoint: number; operator: number }): Promise<void> {
  if (step.name === worldOperations.crash.name) {
    await world.restart(world.processes.length - 1);
    return;
  }
  const operation = operations.find((candidate) => candidate.name === step.name);
  if (!operation) throw new Error(`money model: no operation ${step.name}`);
  let slot = world.slots[step.slot];
  if (!slot) {
    slot = newSlot(world, step.slot, operation.books ?? "hold");
    world.slots[step.slot] = slot;
  }
  if (operation.books) slot.kind = operation.books;
  const endpoint = world.endpoints[random.endpoint % world.endpoints.length]!;
  const operator = world.operators[random.operator % world.operators.length]!;
  const answer = await operation.run({ world, slot, endpoint, parameter: step.parameter, operator });
  world.counters.operations += 1;
  const key = `${step.name} ${answer.status}${answer.body.error ? ` ${answer.body.error.code}` : ""}`;
  world.counters.answers[key] = (world.counters.answers[key] ?? 0) + 1;
  slot.history.push(`${step.name}@${step.parameter.toFixed(4)}→${answer.status}${answer.body.error ? ` ${answer.body.error.code}` : ""}`);
  if (answer.status >= 500) throw new Error(`money model: ${step.name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Runs a path (generated or replayed): batches one after the other, each batch's steps at once. */
export async function runBatch(world: World, batch: Step[], random: Random) {
  await Promise.all(batch.map((step) => runStep(world, step, { endpoint: random.int(0, 99), operator: random.int(0, 999) })));
}

const ended = new Set(["declined", "cancelled_by_customer", "cancelled_by_operator", "completed"]);

/**
 * Picks the next batch: two to eight steps on distinct bookings (a crash now and then), each an
 * operation whose precondition holds for the booking as the database has it now.
 */
export async function nextBatch(
  world: World,
  random: Random,
  groups: readonly string[],
  liveBookings: number,
  crashChance: number,
): Promise<Step[]> {
  const enabled = operations.filter((operation) => groups.includes(operation.group));
  const size = random.int(2, 8);
  const batch: Step[] = [];
  const used = new Set<number>();
  if (groups.includes(worldOperations.crash.group) && random.next() < crashChance) batch.push({ slot: 0, name: "crash", parameter: 0 });
  for (let attempt = 0; attempt < 12 && batch.length < size; attempt += 1) {
    // The newest bookings not yet settled are the live ones; a new slot books one step in 25 (and
    // whenever none is live), so the run keeps booking once its bookings have ended.
    const live = world.slots.filter((candidate) => candidate?.created && !candidate.settled).slice(-liveBookings);
    const fresh = random.next() < 0.04 || live.length === 0;
    const slotIndex = fresh ? world.slots.length : random.pick(live).index;
    if (used.has(slotIndex)) continue;
    const slot = world.slots[slotIndex];
    const now = slot?.created ? await bookingNow(world, slot) : null;
    if (slot && !slot.created) continue;
    if (slot && now && ended.has(now.status) && (slot.kind === "invoice" || now.capturedCents - now.refundedCents <= 0)) {
      slot.settled = true;
      continue;
    }
    const candidates = enabled.filter((operation) => operation.applies(slot ?? newSlot(world, slotIndex, "hold"), now));
    if (candidates.length === 0) continue;
    const total = candidates.reduce((sum, operation) => sum + operation.weight, 0);
    let pick = random.next() * total;
    const chosen = candidates.find((operation) => (pick -= operation.weight) < 0) ?? candidates[0]!;
    used.add(slotIndex);
    if (slotIndex === world.slots.length) world.slots.push(newSlot(world, slotIndex, chosen.books ?? "hold"));
    batch.push({ slot: slotIndex, name: chosen.name, parameter: Math.round(random.next() * 10_000) / 10_000 });
  }
  return batch;
}

/**
 * Waits until every payment and document job has finished, or keeps failing (three failed runs:
 * such a job is reported by the invariant "every payment and document job succeeds", not waited for).
 */
export async function drain(world: World, timeoutMs = 60_000) {
  const busy = () =>
    world.test.db
      .selectFrom("jobs")
      .select(["kind", "status", "attempts", "run_at", "last_error", "lease_expires_at"])
      .where("kind", "in", ["payment", "documents.issue"])
      .where("status", "in", ["pending", "running"])
      .execute();
  await waitFor(
    async () => ((await busy()).every((job) => job.status === "pending" && job.attempts >= 3 && job.last_error) ? true : undefined),
    { what: "the payment and document jobs to finish", timeoutMs, intervalMs: 100 },
  ).catch(async (error: unknown) => {
    const output = world.processes.map((running) => running?.output().slice(-3000) ?? "(not running)").join("\n---\n");
    throw new Error(`${String(error)}\n${JSON.stringify(await busy(), null, 1)}\n${output}`);
  });
}

// ---------------------------------------------------------------------------------------------
// The invariants (docs/money.md "Invariants and the model test").

export type Violation = { invariant: string; bookingId: string; detail: string };

export const invariantNames = [
  "ledger = processor",
  "card: captured − refunded = Σ receipts − Σ credit notes",
  "invoice: invoiced − credited − paid = open balance",
  "no document without money",
  "no money without a document",
  "no negative amount",
  "no booking confirmed with its money unsecured",
  "the amount shown is the amount taken",
  "every payment and document job succeeds",
] as const;

export async function checkInvariants(world: World, bookingIds?: readonly string[]): Promise<{ violations: Violation[]; checks: number }> {
  const db = world.test.db;
  const violations: Violation[] = [];
  let checks = 0;
  const check = (ok: boolean, invariant: (typeof invariantNames)[number], bookingId: string, detail: () => string) => {
    checks += 1;
    if (!ok) violations.push({ invariant, bookingId, detail: detail() });
  };
  const slots = world.slots.filter((slot) => slot?.created && (!bookingIds || bookingIds.includes(slot.bookingId)));
  const ids = slots.map((slot) => slot.bookingId);
  if (ids.length === 0) return { violations, checks };
  const chunks = <T>(items: T[]) =>
    Array.from({ length: Math.ceil(items.length / 400) }, (_, index) => items.slice(index * 400, index * 400 + 400));
  const bookings = [];
  const payments = [];
  const events = [];
  const documents = [];
  for (const chunk of chunks(ids)) {
    bookings.push(
      ...(await db
        .selectFrom("bookings")
        .select(["id", "status", "payment_status", "price", "approval_total_cents"])
        .where("id", "in", chunk)
        .execute()),
    );
    payments.push(...(await db.selectFrom("payments").selectAll().where("booking_id", "in", chunk).execute()));
    events.push(...(await db.selectFrom("payment_events").selectAll().where("booking_id", "in", chunk).execute()));
    documents.push(...(await db.selectFrom("accounting_documents").selectAll().where("booking_id", "in", chunk).execute()));
  }
  const intentIds = payments.map((payment) => payment.provider_payment_id).filter((id): id is string => id !== null);
  const intents = [];
  for (const chunk of chunks(intentIds))
    intents.push(...(await db.selectFrom("simulated_intents").selectAll().where("id", "in", chunk).execute()));
  const documentIds = documents.map((document) => document.id);
  const bankPayments = [];
  for (const chunk of chunks(documentIds))
    bankPayments.push(...(await db.selectFrom("bank_payments").selectAll().where("document_id", "in", chunk).execute()));
  const sum = (rows: { amount_cents: number }[]) => rows.reduce((total, row) => total + Number(row.amount_cents), 0);

  for (const slot of slots) {
    const id = slot.bookingId;
    const booking = bookings.find((row) => row.id === id);
    if (!booking) continue;
    const ownPayments = payments.filter((payment) => payment.booking_id === id);
    const ownEvents = events.filter((event) => event.booking_id === id);
    const ownDocuments = documents.filter((document) => document.booking_id === id);
    const captured = sum(ownEvents.filter((event) => event.type === "captured"));
    const refunded = sum(ownEvents.filter((event) => event.type === "refunded"));

    // No negative amount, and never more refunded than captured.
    for (const row of [...ownEvents, ...ownPayments])
      check(Number(row.amount_cents) >= 0, "no negative amount", id, () => `a payment row of ${Number(row.amount_cents)}`);
    for (const document of ownDocuments)
      check(
        Number(document.total_cents) >= 0,
        "no negative amount",
        id,
        () => `${document.kind} ${document.number} of ${Number(document.total_cents)}`,
      );
    check(refunded <= captured, "no negative amount", id, () => `refunded ${refunded} > captured ${captured}`);

    // The ledger is the processor's.
    for (const payment of ownPayments) {
      const intent = intents.find((row) => row.id === payment.provider_payment_id);
      const own = ownEvents.filter((event) => event.payment_id === payment.id);
      const ledgerCaptured = sum(own.filter((event) => event.type === "captured"));
      const ledgerRefunded = sum(own.filter((event) => event.type === "refunded"));
      const processorCaptured = Number(intent?.captured_cents ?? 0);
      const processorRefunded = Number(intent?.refunded_cents ?? 0);
      check(
        ledgerCaptured === processorCaptured && ledgerRefunded === processorRefunded,
        "ledger = processor",
        id,
        () =>
          `payment ${payment.id}: ledger captured ${ledgerCaptured} refunded ${ledgerRefunded}, processor captured ${processorCaptured} refunded ${processorRefunded}`,
      );
      const voided = own.some((event) => event.type === "voided");
      if (voided && intent)
        check(
          intent.status !== "authorised",
          "ledger = processor",
          id,
          () => `payment ${payment.id}: voided in the ledger, still held at the processor`,
        );
    }

    if (slot.kind !== "invoice") {
      const receipts = ownDocuments.filter((document) => document.kind === "receipt");
      const credits = ownDocuments.filter((document) => document.kind === "credit-note");
      const receiptSum = receipts.reduce((total, document) => total + Number(document.total_cents), 0);
      const creditSum = credits.reduce((total, document) => total + Number(document.total_cents), 0);
      check(
        captured - refunded === receiptSum - creditSum,
        "card: captured − refunded = Σ receipts − Σ credit notes",
        id,
        () => `captured ${captured} − refunded ${refunded} ≠ receipts ${receiptSum} − credit notes ${creditSum}`,
      );
      // Every document stands for a movement of money recorded in the ledger, for its amount.
      for (const document of [...receipts, ...credits]) {
        const event = ownEvents.find((row) => row.id === document.payment_event_id);
        const expected = document.kind === "receipt" ? "captured" : "refunded";
        check(
          event?.type === expected && Number(event.amount_cents) === Number(document.total_cents),
          "no document without money",
          id,
          () => `${document.kind} ${document.number} of ${Number(document.total_cents)} has no ${expected} event of that amount`,
        );
      }
      check(
        !ownDocuments.some((document) => document.kind === "invoice"),
        "no document without money",
        id,
        () => "an invoice on a card booking",
      );
      for (const event of ownEvents.filter((row) => row.type === "captured" || row.type === "refunded")) {
        check(
          ownDocuments.some((document) => document.payment_event_id === event.id),
          "no money without a document",
          id,
          () => `the ${event.type} event of ${Number(event.amount_cents)} has no document`,
        );
      }
      // A confirmed booking has its money taken (or given back by a refund after it was taken).
      if (["confirmed", "in_progress", "completed"].includes(booking.status) && ownPayments.length > 0) {
        check(
          captured > 0 && ["paid", "partially_refunded", "refunded"].includes(String(booking.payment_status)),
          "no booking confirmed with its money unsecured",
          id,
          () => `${booking.status} with payment status ${String(booking.payment_status)} and ${captured} captured`,
        );
      }
      // Never more taken than the customer was shown and agreed to; a confirmed booking is taken in full.
      const agreed = Math.max(0, ...slot.shownCents);
      check(
        captured <= agreed,
        "the amount shown is the amount taken",
        id,
        () => `captured ${captured}, the customer was shown ${slot.shownCents.join(", ")}`,
      );
      // ADR 242: whatever happened to the hold, a confirmed booking with no higher total waiting is
      // taken at exactly its price (not at an older total, nor the difference alone).
      if (booking.status === "confirmed" && captured > 0 && booking.approval_total_cents == null)
        check(
          captured === Number(booking.price),
          "the amount shown is the amount taken",
          id,
          () => `captured ${captured} for a booking of ${Number(booking.price)}; shown ${slot.shownCents.join(", ")}`,
        );
    } else {
      check(ownPayments.length === 0, "no money without a document", id, () => "a card payment on an invoice booking");
      const invoices = ownDocuments.filter((document) => document.kind === "invoice");
      const credits = ownDocuments.filter((document) => document.kind === "credit-note");
      const invoiced = invoices.reduce((total, document) => total + Number(document.total_cents), 0);
      const credited = credits.reduce((total, document) => total + Number(document.total_cents), 0);
      const paid = bankPayments
        .filter((payment) => invoices.some((invoice) => invoice.id === payment.document_id))
        .reduce((total, payment) => total + Number(payment.amount_cents), 0);
      const paidOnInvoices = invoices.reduce((total, document) => total + Number(document.paid_cents), 0);
      check(
        paid === paidOnInvoices,
        "invoice: invoiced − credited − paid = open balance",
        id,
        () => `bank paid ${paid}, invoices say ${paidOnInvoices}`,
      );
      const openBalance = invoiced - credited - paid;
      for (const invoice of invoices) {
        const expected =
          openBalance === 0
            ? ["paid", "credited"]
            : openBalance > 0
              ? ["unpaid", "partly-paid", "credited"]
              : ["overpaid", "credited", "paid"];
        check(
          expected.includes(String(invoice.status)) &&
            (invoice.status !== "credited" || credited >= invoiced || openBalance <= 0 || paid === 0),
          "invoice: invoiced − credited − paid = open balance",
          id,
          () => `invoiced ${invoiced} − credited ${credited} − paid ${paid} = ${openBalance}, the invoice says ${String(invoice.status)}`,
        );
      }
      check(credited <= invoiced, "no document without money", id, () => `credited ${credited} on ${invoiced} invoiced`);
      check(
        invoices.length <= 1 && (invoices.length === 1 || credits.length === 0),
        "no document without money",
        id,
        () => `${invoices.length} invoices and ${credits.length} credit notes`,
      );
      if (["confirmed", "in_progress", "completed"].includes(booking.status))
        check(invoices.length === 1, "no money without a document", id, () => `${booking.status} by invoice with no invoice`);
    }
  }

  // Money the processor took that no payment of ours stands for.
  const orphans = await db
    .selectFrom("simulated_intents")
    .leftJoin("payments", "payments.provider_payment_id", "simulated_intents.id")
    .select(["simulated_intents.id", "simulated_intents.captured_cents"])
    .where("payments.id", "is", null)
    .where("simulated_intents.captured_cents", ">", 0)
    .execute();
  checks += 1;
  for (const orphan of orphans)
    violations.push({
      invariant: "ledger = processor",
      bookingId: "-",
      detail: `processor payment ${orphan.id} captured ${Number(orphan.captured_cents)} with no payment of ours`,
    });
  // A job that was given up, or keeps failing, leaves money or a document behind.
  const failing = await db
    .selectFrom("jobs")
    .select(["id", "kind", "status", "attempts", "last_error", "payload"])
    .where("kind", "in", ["payment", "documents.issue"])
    .where((where) =>
      where.or([where("status", "=", "failed"), where.and([where("status", "=", "pending"), where("last_error", "is not", null)])]),
    )
    .execute();
  checks += 1;
  for (const job of failing) {
    const bookingId = (JSON.parse(job.payload ?? "{}") as { bookingId?: string }).bookingId ?? "-";
    if (bookingIds && !bookingIds.includes(bookingId)) continue;
    violations.push({
      invariant: "every payment and document job succeeds",
      bookingId,
      detail: `${job.kind} job ${job.status} after ${job.attempts} runs: ${job.last_error ?? ""}`,
    });
  }
  return { violations, checks };
}

// ---------------------------------------------------------------------------------------------
// A whole run, and the shrinking of a failure.

export type RunResult = {
  seed: number;
  operations: number;
  checks: number;
  kills: number;
  bookings: number;
  elapsedMs: number;
  violations: Violation[];
  path: Path;
  /** The shortest path found that still breaks an invariant (replay it with MODEL_PATH). */
  shortest?: string;
  answers: Record<string, number>;
};

export async function runModel(world: World, options: RunOptions & { replay?: Path }): Promise<RunResult> {
  const started = Date.now();
  const random = seededRandom(options.seed);
  const groups = options.groups ?? allGroups;
  const path: Path = [];
  let checks = 0;
  let violations: Violation[] = [];
  const checkEvery = options.checkEvery ?? 500;
  let sinceCheck = 0;
  const verify = async () => {
    await drain(world);
    const result = await checkInvariants(world);
    checks += result.checks;
    violations = result.violations;
  };
  if (options.replay) {
    for (const batch of options.replay) {
      await runBatch(world, batch, random);
      path.push(batch);
    }
    await verify();
  } else {
    let done = 0;
    while (done < options.operations) {
      // About two crashes a run (each restart costs seconds).
      const batch = await nextBatch(world, random, groups, options.liveBookings ?? 60, 10 / options.operations);
      if (batch.length === 0) continue;
      await runBatch(world, batch, random);
      path.push(batch);
      done += batch.length;
      sinceCheck += batch.length;
      if (sinceCheck >= checkEvery || done >= options.operations) {
        sinceCheck = 0;
        await verify();
        options.log?.(
          `${done} operations, ${checks} invariant checks, ${violations.length} violations, ${Math.round((Date.now() - started) / 1000)} s`,
        );
        if (violations.length > 0) break;
      }
    }
  }
  const result: RunResult = {
    seed: options.seed,
    operations: world.counters.operations,
    checks,
    kills: world.counters.kills,
    bookings: world.slots.filter((slot) => slot?.created).length,
    elapsedMs: Date.now() - started,
    violations,
    path,
    answers: world.counters.answers,
  };
  if (violations.length > 0) result.shortest = await shrink(world, path, violations[0]!);
  return result;
}

/** The steps of a path that touch one booking, batches kept (a race stays a race). */
function projection(path: Path, slotIndex: number): Path {
  return path.map((batch) => batch.filter((step) => step.slot === slotIndex)).filter((batch) => batch.length > 0);
}

/**
 * Shrinks a failing run: keeps the steps of the booking that broke the invariant, then drops steps
 * one at a time while a replay on a fresh booking of the same world still breaks it.
 */
export async function shrink(world: World, path: Path, violation: Violation, budget = 25): Promise<string> {
  const slot = world.slots.find((candidate) => candidate?.bookingId === violation.bookingId);
  if (!slot) return formatPath(path);
  let shortest = projection(path, slot.index);
  const breaks = async (candidate: Path) => {
    const fresh = world.slots.length;
    const moved = candidate.map((batch) => batch.map((step) => ({ ...step, slot: fresh })));
    const random = seededRandom(1);
    try {
      for (const batch of moved) await runBatch(world, batch, random);
      await drain(world);
    } catch {
      return false;
    }
    const replayed = world.slots[fresh];
    if (!replayed?.created) return false;
    const { violations } = await checkInvariants(world, [replayed.bookingId]);
    return violations.some((found) => found.invariant === violation.invariant);
  };
  const steps = () => shortest.flatMap((batch, batchIndex) => batch.map((_, stepIndex) => [batchIndex, stepIndex] as const));
  let tries = 0;
  for (let progress = true; progress && tries < budget;) {
    progress = false;
    // The booking step stays first.
    for (const [batchIndex, stepIndex] of steps().slice(1).reverse()) {
      if (tries >= budget) break;
      const candidate = shortest
        .map((batch, index) => (index === batchIndex ? batch.filter((_, inner) => inner !== stepIndex) : batch))
        .filter((batch) => batch.length > 0);
      tries += 1;
      if (await breaks(candidate)) {
        shortest = candidate;
        progress = true;
        break;
      }
    }
  }
  return formatPath(shortest.map((batch) => batch.map((step) => ({ ...step, slot: 0 }))));
}

/** One JSON line of figures, and on failure what to replay. */
export function describeResult(engine: string, result: RunResult): string {
  const lines = [
    `money model [${engine}]: ${result.operations} operations on ${result.bookings} bookings, ${result.checks} invariant checks, ${result.kills} process kills, ${(result.elapsedMs / 1000).toFixed(1)} s, seed ${result.seed}`,
  ];
  // What ran, by operation and answer (so a run that never reached a path says so).
  lines.push(
    `  answers: ${Object.entries(result.answers)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}×${count}`)
      .join(", ")}`,
  );
  if (result.violations.length > 0) {
    const byInvariant = new Map<string, Violation[]>();
    for (const violation of result.violations)
      byInvariant.set(violation.invariant, [...(byInvariant.get(violation.invariant) ?? []), violation]);
    for (const [invariant, found] of byInvariant)
      lines.push(`  BROKEN ${invariant}: ${found.length}× — e.g. booking ${found[0]!.bookingId}: ${found[0]!.detail}`);
    const first = result.violations[0]!;
    const slot = first.bookingId;
    lines.push(`  replay: MODEL_SEED=${result.seed} (whole run) or MODEL_PATH="${result.shortest ?? ""}" (shortest found)`);
    lines.push(`  failing booking ${slot}`);
  }
  return lines.join("\n");
}

/**
 * The run's settings from the environment: MODEL_SEED (a number; random when absent),
 * MODEL_OPERATIONS (per engine), MODEL_GROUPS (comma-separated groups switched on; all when absent),
 * MODEL_SKIP_GROUPS (groups switched off), MODEL_PATH (a path to replay instead of a random run).
 */
export function modelSettings(
  source: Record<string, string | undefined> = process.env,
  defaults: { operations: number; skippedGroups?: readonly string[]; seed?: number },
) {
  // A fixed seed where the caller gives one (CI gates only on what is deterministic); the soak draws one.
  const seed = source.MODEL_SEED ? Number(source.MODEL_SEED) : (defaults.seed ?? Math.floor(Math.random() * 2 ** 31));
  // MODEL_GROUPS names the groups to run, overriding the default skips; MODEL_SKIP_GROUPS adds skips.
  const skipped = [
    ...(source.MODEL_GROUPS ? [] : (defaults.skippedGroups ?? [])),
    ...(source.MODEL_SKIP_GROUPS ?? "").split(",").filter(Boolean),
  ];
  const chosen = source.MODEL_GROUPS ? source.MODEL_GROUPS.split(",").filter(Boolean) : allGroups;
  for (const group of [...chosen, ...skipped])
    if (!allGroups.includes(group)) throw new Error(`MODEL_GROUPS: no group "${group}" (groups: ${allGroups.join(", ")})`);
  return {
    seed,
    operations: source.MODEL_OPERATIONS ? Number(source.MODEL_OPERATIONS) : defaults.operations,
    groups: chosen.filter((group) => !skipped.includes(group)),
    replay: source.MODEL_PATH ? parsePath(source.MODEL_PATH) : undefined,
  };
}
