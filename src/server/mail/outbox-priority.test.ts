import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { waitFor } from "../test-support/wait-for.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bookingForMail } from "../features/bookings/service.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { freePort, startSmtpSink, type SmtpSink } from "../test-support/smtp-sink.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { pendingMailJob } from "./outbox.ts";
import { mailPriority } from "./registry.ts";
import { startJobWorker } from "../jobs/worker.ts";
import type { JobWorker } from "../jobs/types.ts";

// ADR 036: one customer's burst of bookings queues thousands of confirmations; a sign-up code asked
// for afterwards must still arrive within seconds. The SMTP server takes 20 ms per mail and 20 ms
// to greet each new connection, so one mail at a time over fresh connections would take minutes.

const backlogSize = 3000;

describeEachEngine("a sign-up code queued behind thousands of booking mails", (engine) => {
  let test: TestApp;
  let smtp: SmtpSink;
  let worker: JobWorker | undefined;
  const arrivals: { to: string; raw: Buffer; at: number }[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtpSink(
      port,
      // Parsed later, and only the code: parsing thousands here would slow the server down.
      (raw, recipients) => {
        for (const to of recipients) arrivals.push({ to, raw, at: Date.now() });
      },
      { acceptDelayMs: 20, connectDelayMs: 20 },
    );
    test = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>" });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp.close();
    await test.close();
  });

  it("delivers the code within seconds while the backlog drains, several mails at a time over a few connections", async () => {
    const customer = await createSignedInUser(test);
    const booked = await test.request("POST", "/api/bookings", {
      headers: { cookie: customer.cookie, origin: test.deps.env.appUrl },
      body: bookingRequest(),
    });
    expect(booked.status).toBe(201);
    const bookingId = String(booked.body.id);
    const now = new Date();
    for (let start = 0; start < backlogSize; start += 500) {
      await test.db
        .insertInto("jobs")
        .values(
          Array.from({ length: 500 }, () =>
            pendingMailJob(
              { template: "booking-confirmation", to: customer.user.email, data: { bookingId }, priority: mailPriority.normal },
              now,
            ),
          ),
        )
        .execute();
    }

    worker = startJobWorker(test.deps, { sources: { booking: (id) => bookingForMail(test.deps, id) } });
    // The worker is busy with the backlog when the code is asked for.
    await waitFor(() => (arrivals.some((arrival) => arrival.to === customer.user.email) ? true : undefined), { timeoutMs: 15_000 });
    const signUpAddress = `new-customer-${randomUUID()}@example.test`;
    const requestedAt = Date.now();
    const requested = await test.request("POST", "/api/account/verification-code", {
      headers: { origin: test.deps.env.appUrl },
      body: { email: signUpAddress, language: "en" },
    });
    expect(requested.status).toBe(200);

    const code = await waitFor(() => arrivals.find((arrival) => arrival.to === signUpAddress), {
      intervalMs: 25,
      what: "the verification code to arrive",
    });
    expect((code?.at ?? Infinity) - requestedAt).toBeLessThan(5000);
    expect((await simpleParser(code?.raw ?? "")).subject).toBe("Your Nordic Shield verification code");
    // It went ahead: most confirmations were still waiting when the code arrived.
    const confirmationsBefore = arrivals.filter((arrival) => arrival.to === customer.user.email && arrival.at <= (code?.at ?? 0));
    expect(confirmationsBefore.length).toBeLessThan(backlogSize / 2);
    // Meanwhile the backlog went out several mails at a time over a few reused connections.
    expect(smtp.stats.maxInFlight).toBeGreaterThan(1);
    expect(smtp.stats.connections).toBeLessThanOrEqual(8);
  }, 30_000);
});
