import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { maximumCardsPerAccount, type PaymentMethodList, type PaymentMethodView } from "../../../shared/wallet.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §2 PAYMENT METHODS through the real API and database: owner-only access, the shared card
// schema's refusals, default promotion, and PCI DSS req. 3.3/3.4: the full number and the CVV
// never reach the database file or the log.

type User = { cookie: string; user: { id: string } };

/** A card expiring at the end of next year, as the form sends it. */
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");
const visa = { cardNumber: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvv: "737" };
const mastercard = { cardNumber: "5555555555554444", expiry: `08/${nextYear}`, cvv: "951" };
const amex = { cardNumber: "3782 822463 10005", expiry: `01/${nextYear}`, cvv: "8341" };

describeEachEngine("payment methods", (engine) => {
  let test: TestApp;
  let logLines: string[];
  let customer: User;
  let other: User;

  const call = (method: string, url: string, who: User | null, body?: unknown) =>
    test.request(method, url, { body, headers: who ? { cookie: who.cookie } : {} });
  const list = async (who: User) => (await call("GET", "/api/account/payment-methods", who)).body as unknown as PaymentMethodList;
  const add = async (who: User, card: unknown) => call("POST", "/api/account/payment-methods", who, card);

  beforeAll(async () => {
    logLines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString("utf8"));
        done();
      },
    });
    // The most talkative level: whatever the app would ever log about a request is in logLines.
    test = await createTestApp(engine, {}, { logger: pino({ level: "trace" }, sink) });
    customer = await createSignedInUser(test);
    other = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  it("adds cards with brand, last four and expiry; the first is the default; the list puts the default first", async () => {
    const first = await add(customer, mastercard);
    expect(first.status).toBe(201);
    const card = first.body.paymentMethod as PaymentMethodView;
    expect(card).toMatchObject({ brand: "mastercard", lastFour: "4444", expiryMonth: 8, isDefault: true });
    expect(JSON.stringify(first.body)).not.toContain("5555555555554444");

    const second = await add(customer, visa);
    expect(second.body.paymentMethod).toMatchObject({ brand: "visa", lastFour: "4242", expiryMonth: 12, isDefault: false });
    const third = await add(customer, amex);
    expect(third.status).toBe(201);
    expect(third.body.paymentMethod).toMatchObject({ brand: "amex", lastFour: "0005" });

    const { paymentMethods } = await list(customer);
    expect(paymentMethods.map((method) => method.lastFour)).toEqual(["4444", "4242", "0005"]);
    expect(paymentMethods.filter((method) => method.isDefault)).toHaveLength(1);

    const made = await call("POST", `/api/account/payment-methods/${paymentMethods[2]?.id}/default`, customer);
    expect(made.status).toBe(200);
    expect((made.body as unknown as PaymentMethodList).paymentMethods.map((method) => [method.lastFour, method.isDefault])).toEqual([
      ["0005", true],
      ["4444", false],
      ["4242", false],
    ]);
  });

  it("never stores or logs the full number or the CVV; the token is not derived from the number", async () => {
    const fresh = await createSignedInUser(test);
    const cvvs = ["482", "613"];
    await add(fresh, { ...visa, cvv: cvvs[0] });
    await add(fresh, { ...mastercard, cvv: cvvs[1] });
    const rows = await test.db.selectFrom("payment_methods").selectAll().where("user_id", "=", fresh.user.id).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.provider_payment_id).toMatch(/^sim_pm_[\w-]{24}$/);
      expect(row.provider_payment_id).not.toMatch(/4242|5555|4444/);
    }

    const secrets = ["4242424242424242", "4242 4242 4242 4242", "5555555555554444", ...cvvs.map((cvv) => `"${cvv}"`)];
    const everyRow = JSON.stringify(await test.db.selectFrom("payment_methods").selectAll().execute());
    for (const secret of secrets) expect(everyRow).not.toContain(secret);

    if (engine === "sqlite") {
      // The database file and its write-ahead log, as bytes: no page holds the number.
      const directory = test.deps.env.dataDirectory;
      const files = readdirSync(directory).filter((name) => name.startsWith("app.db"));
      expect(files).toEqual(expect.arrayContaining(["app.db", "app.db-wal"]));
      for (const name of files) {
        const bytes = readFileSync(path.join(directory, name));
        for (const secret of ["4242424242424242", "5555555555554444"]) expect(bytes.includes(Buffer.from(secret))).toBe(false);
      }
    }

    const log = logLines.join("");
    expect(log.length).toBeGreaterThan(0);
    // A 3-digit code can occur by chance inside a request id, so the CVVs are looked for as JSON values.
    for (const secret of ["4242424242424242", "4242 4242 4242 4242", "5555555555554444", '"482"', '"613"', '"cvv"', '"cardNumber"']) {
      expect(log).not.toContain(secret);
    }
  });

  /** The job worker until nothing more is due: a job the batch ran may have queued the next step. */
  async function runJobs() {
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments: test.services.payments });
    for (let batch = 0; batch < 10 && (await worker.runOnce()) > 0; batch += 1);
    await worker.stop();
  }

  it("keeps no test card's number or CVV after booking, paying and refunding with each, in the database, its WAL, the logs or the mails", async () => {
    const payer = await createSignedInUser(test);
    const staff = await createSignedInUser(test, { role: "operator" });
    const numbers = ["4242424242424242", "4000000000000002", "4000000000009995", "4000000000000069", "4000002500003155"];
    const cvv = "739";
    // Three of the operator's days ahead (ADR 050): from 23:00 UTC Stockholm is already on the next
    // day, and a UTC date three days on was then two days away, too late for a refund.
    const inThreeDays = addDays(operatorToday(new Date()), 3);
    const answers: string[] = [];
    for (const number of numbers) {
      const saved = await add(payer, { cardNumber: number, expiry: `12/${nextYear}`, cvv });
      answers.push(`${number.slice(-4)} saved ${saved.status} ${JSON.stringify(saved.body.error ?? "")}`);
      if (saved.status !== 201) continue;
      const bookingId = randomUUID();
      const booked = await call("POST", "/api/bookings", payer, {
        bookingId,
        location: "Göteborg, Sweden",
        startDate: inThreeDays,
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
        language: "en",
        payment: { paymentMethodId: (saved.body.paymentMethod as PaymentMethodView).id },
      });
      answers.push(`${number.slice(-4)} booked ${booked.status} ${JSON.stringify(booked.body.error ?? "")}`);
      if (booked.status !== 201) continue;
      const confirmed = await call("POST", `/api/admin/bookings/${bookingId}/confirm`, staff, {});
      await runJobs();
      const cancelled = await call("POST", `/api/bookings/${bookingId}/cancel`, payer);
      answers.push(`${number.slice(-4)} confirmed ${confirmed.status}, cancelled ${cancelled.status}`);
    }
    await runJobs();
    expect(await test.countRows("payment_events"), answers.join("\n")).toBeGreaterThan(2);

    const tables = [
      "payment_methods",
      "payments",
      "payment_events",
      "simulated_cards",
      "simulated_intents",
      "simulated_answers",
      "jobs",
      "bookings",
      "audit_log",
    ] as const;
    for (const table of tables) {
      const rows = JSON.stringify(await test.db.selectFrom(table).selectAll().execute());
      for (const number of numbers) expect(rows, table).not.toContain(number);
      expect(rows, table).not.toContain(`"${cvv}"`);
    }
    // The mails as queued and as sent (the outbox view keeps the rendered copy).
    const mails = JSON.stringify(await test.db.selectFrom("outbox").selectAll().execute());
    for (const number of numbers) expect(mails).not.toContain(number);
    if (engine === "sqlite") {
      const directory = test.deps.env.dataDirectory;
      for (const name of readdirSync(directory).filter((file) => file.startsWith("app.db"))) {
        const bytes = readFileSync(path.join(directory, name));
        for (const number of numbers) expect(bytes.includes(Buffer.from(number)), name).toBe(false);
      }
    }
    const log = logLines.join("");
    for (const number of numbers) expect(log).not.toContain(number);
    expect(log).not.toContain(`"${cvv}"`);
  });

  it("says a card the bank declines while being saved was declined and not saved (no payment was asked)", async () => {
    const owner = await createSignedInUser(test);
    const refused = await add(owner, { cardNumber: "4000000000000002", expiry: `12/${nextYear}`, cvv: "123" });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: "payment_declined",
      message: "Your bank declined this card, so it could not be saved. Please use another card or contact your bank.",
      fields: { decline: "card_declined" },
    });
  });

  it("refuses a bad Luhn digit, a past expiry, an unknown brand and a wrong CVV length with field errors, storing nothing", async () => {
    const before = await test.countRows("payment_methods");
    const lastYear = String((new Date().getUTCFullYear() - 1) % 100).padStart(2, "0");
    const cases: [unknown, string, string][] = [
      [{ ...visa, cardNumber: "4242 4242 4242 4241" }, "cardNumber", "This card number is not valid. Please check it."],
      [{ ...visa, expiry: `12/${lastYear}` }, "expiry", "This card has expired"],
      [{ ...visa, expiry: `13/${nextYear}` }, "expiry", "The month must be between 01 and 12"],
      [{ ...visa, expiry: "1227" }, "expiry", "Enter the expiry date as MM/YY"],
      // 9999 9999 9999 9995 passes Luhn but belongs to no network we accept.
      [
        { ...visa, cardNumber: "9999 9999 9999 9995" },
        "cardNumber",
        "We accept Visa, Mastercard, American Express, Discover, Diners Club and JCB cards.",
      ],
      [{ ...amex, cvv: "834" }, "cvv", "Enter the 4-digit security code from the front of the card"],
      [{ ...visa, cvv: "7371" }, "cvv", "Enter the 3-digit security code from the back of the card"],
      [{ ...visa, cvv: "" }, "cvv", "Enter the security code (CVV)"],
    ];
    for (const [body, field, text] of cases) {
      const response = await add(customer, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
      expect(response.body.error?.fields?.[field]).toBe(text);
    }
    expect(await test.countRows("payment_methods")).toBe(before);
  });

  it("deleting the default card makes the next one the default", async () => {
    const fresh = await createSignedInUser(test);
    await add(fresh, visa);
    await add(fresh, mastercard);
    await add(fresh, amex);
    const [first, second, third] = (await list(fresh)).paymentMethods;
    expect(first?.isDefault).toBe(true);

    const afterDelete = await call("DELETE", `/api/account/payment-methods/${first?.id}`, fresh);
    expect(afterDelete.status).toBe(200);
    const remaining = (afterDelete.body as unknown as PaymentMethodList).paymentMethods;
    expect(remaining.map((method) => [method.id, method.isDefault])).toEqual([
      [second?.id, true],
      [third?.id, false],
    ]);

    // Deleting a card that is not the default leaves the default where it is.
    await call("DELETE", `/api/account/payment-methods/${third?.id}`, fresh);
    expect((await list(fresh)).paymentMethods.map((method) => [method.id, method.isDefault])).toEqual([[second?.id, true]]);
  });

  it(`keeps at most ${maximumCardsPerAccount} cards`, async () => {
    const fresh = await createSignedInUser(test);
    for (let index = 0; index < maximumCardsPerAccount; index += 1) expect((await add(fresh, visa)).status).toBe(201);
    const refused = await add(fresh, mastercard);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("card_limit_reached");
    expect((await list(fresh)).paymentMethods).toHaveLength(maximumCardsPerAccount);
  });

  it("slows card testing: at most 30 cards added per account per hour, even when deleted again", async () => {
    const fresh = await createSignedInUser(test);
    for (let index = 0; index < 30; index += 1) {
      const added = await add(fresh, visa);
      expect(added.status).toBe(201);
      const id = (added.body.paymentMethod as PaymentMethodView).id;
      expect((await call("DELETE", `/api/account/payment-methods/${id}`, fresh)).status).toBe(200);
    }
    const refused = await add(fresh, visa);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await list(fresh)).paymentMethods).toEqual([]);
    // Another customer is not affected.
    expect((await add(await createSignedInUser(test), visa)).status).toBe(201);
  });

  describe("owner only", () => {
    it("answers 401 to a signed-out visitor on every endpoint and stores nothing", async () => {
      const [card] = (await list(customer)).paymentMethods;
      const before = await test.countRows("payment_methods");
      for (const [method, url, body] of [
        ["GET", "/api/account/payment-methods", undefined],
        ["POST", "/api/account/payment-methods", visa],
        ["POST", `/api/account/payment-methods/${card?.id}/default`, undefined],
        ["DELETE", `/api/account/payment-methods/${card?.id}`, undefined],
      ] as const) {
        const response = await call(method, url, null, body);
        expect(response.status, `${method} ${url}`).toBe(401);
        expect(response.body.error?.code).toBe("unauthorized");
      }
      expect(await test.countRows("payment_methods")).toBe(before);
    });

    it("answers 404 to another user's card ids and changes nothing", async () => {
      const before = await list(customer);
      const target = before.paymentMethods.find((method) => !method.isDefault);
      for (const [method, url] of [
        ["POST", `/api/account/payment-methods/${target?.id}/default`],
        ["DELETE", `/api/account/payment-methods/${target?.id}`],
        ["DELETE", "/api/account/payment-methods/not-a-uuid"],
      ] as const) {
        const response = await call(method, url, other);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body.error?.code).toBe("not_found");
      }
      expect((await list(other)).paymentMethods).toEqual([]);
      expect(await list(customer)).toEqual(before);
    });
  });
});
