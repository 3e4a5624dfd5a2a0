import { randomUUID } from "node:crypto";
import { z } from "zod";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { enqueueMail, enqueueWithTemplate } from "./outbox.ts";
import { mailPriority, mailTemplates, type MailTemplate } from "./registry.ts";

// docs/product.md §2 notification preferences: a customer who turns e-mail notifications off gets no
// non-essential mail; codes, reset links and booking confirmations still arrive. The rule is checked
// with an entry made here and with the one optional kind of the registry, the start reminder.

const newsletter: MailTemplate<z.ZodType> = {
  payload: z.object({ issue: z.number() }),
  priority: mailPriority.normal,
  oneTimeSecret: false,
  essential: false,
  render: () => ({ subject: "News", html: "<p>News</p>", text: "News" }),
};

describeEachEngine("notification preferences and the outbox", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const mailsTo = (email: string) => test.db.selectFrom("outbox").select("kind").where("recipient", "=", email).execute();

  it("marks codes, reset links, booking mails, address codes and staff alerts essential, and only the start reminder and the thread's notification not", () => {
    const optional = Object.entries(mailTemplates).filter(([, entry]) => !entry.essential);
    expect(optional.map(([kind]) => kind)).toEqual(["booking-reminder", "thread-messages"]);
  });

  it("skips the start reminder for a customer who turned e-mail off", async () => {
    const customer = await createSignedInUser(test);
    const reminder = {
      kind: "booking-reminder" as const,
      to: customer.user.email,
      payload: { language: "sv" as const, reference: "AB12CD34", location: "Stockholm", startDate: "2027-01-02", endDate: "2027-01-03" },
    };
    expect(await enqueueMail(test.db, reminder)).toEqual(expect.any(String));
    await test.request("PUT", "/api/profile/notifications", {
      body: { emailNotifications: false, pushNotifications: false },
      headers: { cookie: customer.cookie },
    });
    expect(await enqueueMail(test.db, reminder)).toBeNull();
    expect(await mailsTo(customer.user.email)).toEqual([{ kind: "booking-reminder" }]);
  });

  it("skips a non-essential mail for a customer who turned e-mail off, and still queues essential ones", async () => {
    const customer = await createSignedInUser(test);
    const email = customer.user.email;
    expect(await enqueueWithTemplate(test.db, newsletter, { kind: "newsletter", to: email, payload: { issue: 1 } })).toEqual(
      expect.any(String),
    );

    const saved = await test.request("PUT", "/api/profile/notifications", {
      body: { emailNotifications: false, pushNotifications: false },
      headers: { cookie: customer.cookie },
    });
    expect(saved.status).toBe(200);
    expect(await enqueueWithTemplate(test.db, newsletter, { kind: "newsletter", to: email, payload: { issue: 2 } })).toBeNull();
    expect(
      await enqueueWithTemplate(test.db, newsletter, { kind: "newsletter", to: email.toUpperCase(), payload: { issue: 3 } }),
    ).toBeNull();
    await enqueueMail(test.db, { kind: "booking-confirmation", to: email, payload: { bookingId: randomUUID() } });
    await enqueueMail(test.db, { kind: "password-reset", to: email, payload: { language: "en", link: "https://example.test/reset" } });
    expect((await mailsTo(email)).map((row) => row.kind).sort()).toEqual(["booking-confirmation", "newsletter", "password-reset"]);
  });

  it("queues non-essential mail for addresses without an account and for customers who keep e-mail on", async () => {
    const customer = await createSignedInUser(test);
    for (const to of [customer.user.email, `nobody-${randomUUID()}@example.test`]) {
      expect(await enqueueWithTemplate(test.db, newsletter, { kind: "newsletter", to, payload: { issue: 1 } })).not.toBeNull();
    }
  });
});
