import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bookingForMail } from "./features/bookings/service.ts";
import { createLogger } from "./logger.ts";
import { startJobWorker } from "./jobs/worker.ts";
import { createSignedInUser } from "./test-support/accounts.ts";
import { bookingRequest } from "./test-support/booking-request.ts";
import { freePort, startSmtpSink, type SmtpSink } from "./test-support/smtp-sink.ts";
import { createTestApp, describeEachEngine, type TestApp } from "./test-support/test-app.ts";
import { waitFor } from "./test-support/wait-for.ts";

// ADR 111: the server log is read by more people, and kept longer, than the bookings: it carries
// no booking location, no customer name or address, wherever the log line comes from (here the
// mail worker, whose subjects name the booking's place).

describeEachEngine("personal data in the server log", (engine) => {
  for (const delivery of ["smtp", "dev mailbox"] as const) {
    let test: TestApp;
    let sink: SmtpSink | undefined;
    const lines: string[] = [];
    const logger = createLogger(
      { logLevel: "trace", nodeEnv: "production" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );

    beforeAll(async () => {
      let smtp: Record<string, string> = {};
      if (delivery === "smtp") {
        const port = await freePort();
        sink = await startSmtpSink(port, () => {});
        smtp = { SMTP_URL: `smtp://127.0.0.1:${port}` };
      }
      test = await createTestApp(engine, smtp, { logger });
    });
    afterAll(async () => {
      await test.close();
      await sink?.close();
    });

    it(`keeps the booking's place and the customer out of the log when its mail goes out (${delivery})`, async () => {
      const customer = await createSignedInUser(test, { fullName: "Ingrid Bergström" });
      const booking = { ...bookingRequest(), location: "Göteborg, Sweden" };
      const created = await test.request("POST", "/api/bookings", { body: booking, headers: { cookie: customer.cookie } });
      expect(created.status).toBe(201);
      const worker = startJobWorker(test.deps, { sources: { booking: (id) => bookingForMail(test.deps, id) }, pollIntervalMs: 50 });
      try {
        // A delivered mail keeps no recipient (ADR 097): its "mail sent" or "dev mail kept" line tells it went out.
        await waitFor(() => (lines.some((line) => line.includes('"kind":"booking-confirmation"')) ? true : undefined));
      } finally {
        await worker.stop();
      }
      const log = lines.join("");
      expect(log).toContain("booking-confirmation");
      for (const personal of ["Göteborg", "Ingrid", "Bergström", customer.user.email]) expect(log).not.toContain(personal);
    });
  }
});
