import { randomUUID } from "node:crypto";
import { Window } from "happy-dom";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { systemClock } from "../../clock.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { downloadDataExport } from "../../test-support/data-export.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createOperative } from "../../test-support/operatives.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/data-export.md (GDPR Art. 15 and 20, ADR 250): a customer whose booking was paid by card,
// partly refunded (so credited) and talked about exports one zip: data.json that the documented
// schema of src/shared/data-export.ts reads (the download helper parses it with that schema), with
// the ledger and the documents in euros, and summary.html a browser parses, in the asked language.
// Nothing of another customer, of the guard beyond their first name, or any secret is in either file.

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("the customer's data export", (engine) => {
  let test: TestApp;
  let operator: Person;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });

  /** Card captures and refunds are jobs; they queue the receipts and credit notes, which are jobs too. */
  async function runDueJobs() {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      clock: systemClock,
      payments: test.services.payments,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    try {
      for (let round = 0; round < 10; round += 1) if ((await worker.runOnce()) === 0) break;
    } finally {
      await worker.stop();
    }
  }

  /** A confirmed card booking of the customer, charged, with one message each way. */
  async function paidBooking(customer: Person, words: { note: string; message: string }) {
    const added = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    expect(added.status).toBe(201);
    const today = operatorToday(new Date());
    const request = {
      ...bookingRequest(),
      startDate: addDays(today, 5),
      endDate: addDays(today, 6),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      notes: words.note,
      payment: { paymentMethodId: (added.body.paymentMethod as { id: string }).id },
    };
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    const confirmed = await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) });
    expect(confirmed.status).toBe(200);
    await runDueJobs();
    const sent = await test.request("POST", `/api/bookings/${request.bookingId}/messages`, {
      body: { text: words.message },
      ...as(customer.cookie),
    });
    expect(sent.status).toBe(201);
    return { id: request.bookingId, totalCents: Number(booked.body.totalCents) };
  }

  it("holds the paid, partly refunded and credited booking with its ledger, documents and messages, in Swedish, and nothing of anyone else", async () => {
    const customer = await createSignedInUser(test, { fullName: "Astrid Lindqvist", language: "sv" });
    const other = await createSignedInUser(test, { fullName: "Bertil Okänd-Främling" });
    const booking = await paidBooking(customer, { note: "Porten är grön", message: "Tack för i natt!" });
    const othersBooking = await paidBooking(other, { note: "Bertils hemliga port", message: "Bertils eget meddelande" });

    const refund = await test.request("POST", `/api/admin/bookings/${booking.id}/refunds`, {
      body: { amountCents: 2_500, reason: "En väktare kom sent" },
      ...as(operator.cookie),
    });
    expect(refund.status).toBe(202);
    await runDueJobs();
    const reply = await test.request("POST", `/api/admin/bookings/${booking.id}/messages`, {
      body: { text: "Vi ber om ursäkt för förseningen." },
      ...as(operator.cookie),
    });
    expect(reply.status).toBe(201);

    // The lead guard and two incident reports, one shared with the customer and one not.
    const operative = await createOperative(test, operator.cookie, { name: "Henrik Vaktsson", phone: "+46 70 999 88 77" });
    const now = new Date().toISOString();
    await test.db
      .insertInto("booking_assignments")
      .values({ id: randomUUID(), booking_id: booking.id, operative_id: operative.id, is_lead: 1, created_at: now, state: "accepted" })
      .execute();
    const incident = { booking_id: booking.id, operative_id: operative.id, occurred_at: now, reviewed_at: now, created_at: now };
    await test.db
      .insertInto("incident_reports")
      .values([
        { ...incident, id: randomUUID(), severity: "amber", text: "Obehörig bil vid grinden", shared_at: now },
        { ...incident, id: randomUUID(), severity: "green", text: "Intern anteckning om schemat", shared_at: null },
      ])
      .execute();

    const exported = await downloadDataExport(test, customer.cookie);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    const { data } = exported;
    expect(data.formatVersion).toBe(1);
    expect(data.language).toBe("sv");
    const [mine, ...more] = data.bookings;
    expect(more).toEqual([]);
    expect(mine).toMatchObject({
      id: booking.id,
      status: "confirmed",
      statusText: "Bekräftad",
      paymentStatus: "partially_refunded",
      paymentStatusText: "Delvis återbetald",
      total: { amount: (booking.totalCents / 100).toFixed(2), currency: "EUR" },
      note: "Porten är grön",
      team: { leadFirstName: "Henrik" },
    });
    expect(mine?.services).toEqual([
      expect.objectContaining({ serviceId: "svc-residential", serviceType: "vip_residential", name: "VIP-bostadsskydd" }),
    ]);
    expect(mine?.services[0]?.optionsText).toContain("2 väktare");

    // The ledger: the charge and the refund, in euros, with the refund's reason.
    const ledger = mine?.payments.flatMap((payment) => payment.events) ?? [];
    expect(ledger.filter((event) => event.type !== "authorised").map((event) => [event.type, event.typeText, event.amount.amount])).toEqual(
      [
        ["captured", "Draget", (booking.totalCents / 100).toFixed(2)],
        ["refunded", "Återbetalt", "25.00"],
      ],
    );
    expect(ledger.find((event) => event.type === "refunded")?.reason).toBe("En väktare kom sent");

    // The receipt of the charge and the credit note of the refund, each with a PDF the customer can open.
    expect(mine?.documents.map((document) => [document.kind, document.kindText, document.total.amount])).toEqual([
      ["receipt", "Kvitto", (booking.totalCents / 100).toFixed(2)],
      ["credit-note", "Kreditnota", "25.00"],
    ]);
    for (const document of mine?.documents ?? []) {
      const pdf = await test.app.request(new URL(document.pdfUrl).pathname, as(customer.cookie));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }

    expect(mine?.messages.map((message) => [message.from, message.text])).toEqual([
      ["you", "Tack för i natt!"],
      ["nordic-shield", "Vi ber om ursäkt för förseningen."],
    ]);
    expect(mine?.sharedIncidents).toEqual([{ occurredAt: now, severity: "amber", severityText: "Gul", text: "Obehörig bil vid grinden" }]);

    // Every key is camelCase: no database column leaks through (price, service_type, …).
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object")
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
    };
    walk(data);
    expect([...keys].filter((key) => !/^[a-z][A-Za-z0-9]*$/.test(key))).toEqual([]);
    expect(exported.json).not.toMatch(/"\w+Cents"/);

    // Nothing of the other customer, of the guard beyond the first name, or of what was not shared.
    const both = exported.json + exported.summary;
    for (const foreign of [
      other.user.id,
      other.user.email,
      "Bertil",
      "Okänd-Främling",
      othersBooking.id,
      "Vaktsson",
      "+46 70 999 88 77",
      operative.licenceNumber,
      "Intern anteckning",
    ]) {
      expect(both).not.toContain(foreign);
    }

    // No secrets: password hash, session tokens, the card's and the payments' gateway references, idempotency keys.
    const secrets = [
      ...(await test.db.selectFrom("auth_accounts").select("password").where("user_id", "=", customer.user.id).execute()).map(
        (row) => row.password ?? "",
      ),
      ...(await test.db.selectFrom("sessions").select("token").where("user_id", "=", customer.user.id).execute()).map((row) => row.token),
      ...(await test.db.selectFrom("payment_methods").select("provider_payment_id").where("user_id", "=", customer.user.id).execute()).map(
        (row) => row.provider_payment_id,
      ),
      ...(
        await test.db.selectFrom("payments").select(["method_token", "provider_payment_id"]).where("booking_id", "=", booking.id).execute()
      ).flatMap((row) => [row.method_token, row.provider_payment_id ?? ""]),
      ...(await test.db.selectFrom("payment_events").select("idempotency_key").where("booking_id", "=", booking.id).execute()).map(
        (row) => row.idempotency_key,
      ),
    ].filter((secret) => secret.length > 0);
    expect(secrets.length).toBeGreaterThan(4);
    for (const secret of secrets) expect(both).not.toContain(secret);

    // summary.html parses, is Swedish, and shows the booking with its tables headed.
    const window = new Window();
    const page = new window.DOMParser().parseFromString(exported.summary, "text/html");
    expect(page.documentElement.getAttribute("lang")).toBe("sv");
    expect(page.querySelector("h1")?.textContent).toBe("Dina uppgifter hos Nordic Shield");
    const bookingHeading = [...page.querySelectorAll("h3")].find((heading) => heading.textContent?.includes(mine?.reference ?? "?"));
    expect(bookingHeading?.textContent).toBe(`Bokning ${mine?.reference}`);
    const section = bookingHeading?.closest("section");
    const captions = [...(section?.querySelectorAll("caption") ?? [])].map((caption) => caption.textContent);
    expect(captions).toEqual(
      expect.arrayContaining(["Tjänster", "Betalningar och återbetalningar", "Kvitton, fakturor och kreditnotor", "Meddelanden"]),
    );
    for (const table of section?.querySelectorAll("table") ?? []) expect(table.querySelectorAll("th").length).toBeGreaterThan(0);
    expect(section?.textContent).toContain("VIP-bostadsskydd");
    expect(section?.textContent).toContain("Kreditnota");
    expect(section?.textContent).toContain("25\u00a0€");
    expect(section?.textContent).toContain("Obehörig bil vid grinden");
    await window.happyDOM.close();
  });

  it("follows the language asked for, else the profile's", async () => {
    const customer = await createSignedInUser(test, { language: "sv" });
    expect((await downloadDataExport(test, customer.cookie)).data.language).toBe("sv");
    const english = await downloadDataExport(test, customer.cookie, { query: "?language=en" });
    expect(english.data.language).toBe("en");
    expect(english.summary).toContain('<html lang="en">');
    expect(english.summary).toContain("<h1>Your data at Nordic Shield</h1>");
    const refused = await test.app.request("/api/account/security/export?language=xx", as(customer.cookie));
    expect(refused.status).toBe(400);
  });

  it("is built at most ten times an hour for one account; the eleventh waits (429) and another account is not held up", async () => {
    const customer = await createSignedInUser(test);
    const other = await createSignedInUser(test);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await test.app.request("/api/account/security/export", as(customer.cookie));
      expect(response.status).toBe(200);
    }
    const refused = await test.app.request("/api/account/security/export", as(customer.cookie));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await test.app.request("/api/account/security/export", as(other.cookie))).status).toBe(200);
  });

  it("is for a signed-in customer only", async () => {
    const response = await test.app.request("/api/account/security/export");
    expect(response.status).toBe(401);
  });
});
