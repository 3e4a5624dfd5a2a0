import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, freshIp } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { requestJson, signUpOverHttp, startMailCollector, type MailCollector } from "../../test-support/http-customer.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { startServerProcess, type ServerProcess } from "../../test-support/server-process.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { waitFor } from "../../test-support/wait-for.ts";

// ADR 111: a deleted account is gone from the disk too, not only from the tables. SQLite would
// otherwise keep the deleted rows' bytes in free pages of app.db and in old frames of app.db-wal,
// where a copy of the data directory (a backup, a stolen disk) still shows them (GDPR art. 17).
// PostgreSQL has no such file to scan from here; its rows are covered by account-security.test.ts.

describe("the bytes of a deleted account in the SQLite files [sqlite]", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite");
  });
  afterAll(() => test.close());

  function databaseBytes(): Buffer {
    const file = path.join(test.deps.env.dataDirectory, "app.db");
    return Buffer.concat([file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)));
  }

  it("leaves neither the customer's name, address, phone number nor booking messages in app.db or app.db-wal", async () => {
    const marker = randomBytes(4).toString("hex");
    const customer = await createSignedInUser(test, {
      email: `ingrid-${marker}@example.test`,
      fullName: `Ingrid Zetterlund ${marker}`,
      address: `Karlavägen ${marker}`,
      phoneNumber: "+46 70 999 12 34",
    });
    // The e-mail address is not among them yet: the notice of deletion is queued to it, in the
    // outbox, until it is delivered (the test below, ADR 252).
    const personal = [`Ingrid Zetterlund ${marker}`, `Karlavägen ${marker}`, "+46 70 999 12 34"];
    // Written in more than one place and version: the profile is saved twice.
    for (const city of ["Uppsala", "Stockholm"]) {
      const saved = await test.request("PATCH", "/api/profile", {
        body: { city },
        headers: { cookie: customer.cookie, "X-Test-Client-Ip": freshIp() },
      });
      expect(saved.status).toBeLessThan(300);
    }
    // A conversation in a past booking's thread (docs/product.md §12, ADR 186), both sides of it.
    const operator = await createStaff(test, "operator");
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: "2025-01-10", status: "completed" });
    const said = [`The gate code is ${marker}-4471`, `Noted the code ${marker}-4471`];
    for (const [cookie, url, text] of [
      [customer.cookie, `/api/bookings/${booking}/messages`, said[0]],
      [operator.cookie, `/api/admin/bookings/${booking}/messages`, said[1]],
    ] as const) {
      expect((await test.request("POST", url, { body: { text }, headers: { cookie } })).status).toBe(201);
    }
    personal.push(...said);
    expect(databaseBytes().includes(`Karlavägen ${marker}`)).toBe(true);
    expect(databaseBytes().includes(`The gate code is ${marker}`)).toBe(true);

    const deleted = await test.request("POST", "/api/account/security/delete-account", {
      body: { password: customer.password },
      headers: { cookie: customer.cookie, "X-Test-Client-Ip": freshIp() },
    });
    expect(deleted.status).toBe(200);

    const bytes = databaseBytes();
    for (const text of personal) expect(bytes.includes(Buffer.from(text)), text).toBe(false);
  });
});

/** The forms a text may take in the files: as written (UTF-8), and JSON-escaped (`\u00e4`, `\/`). */
function storedForms(text: string): Buffer[] {
  const escaped = text.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const forms = new Set([text, escaped, escaped.replaceAll("/", "\\/"), JSON.stringify(text).slice(1, -1)]);
  return [...forms].map((form) => Buffer.from(form, "utf8"));
}

describe("the bytes of a deleted account once its last mail is sent, in a running server's SQLite files [sqlite]", () => {
  const appOrigin = "http://app.nordicshield.test";
  let collector: MailCollector;
  let server: ServerProcess;
  let dataDirectory: string;
  beforeAll(async () => {
    collector = await startMailCollector();
    dataDirectory = mkdtempSync(path.join(tmpdir(), "deleted-account-"));
    server = await startServerProcess({
      env: {
        DATA_DIR: dataDirectory,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        SMTP_URL: collector.smtpUrl,
        MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>",
        APP_URL: appOrigin,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await collector?.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  /** app.db and its -wal and -shm files as they are on disk while the server runs (what a copy of the directory holds). */
  function filesOnDisk(): Map<string, Buffer> {
    const file = path.join(dataDirectory, "app.db");
    return new Map(
      [file, `${file}-wal`, `${file}-shm`].filter((name) => existsSync(name)).map((name) => [path.basename(name), readFileSync(name)]),
    );
  }
  function leftBehind(personal: string[]): string[] {
    const found: string[] = [];
    for (const [name, bytes] of filesOnDisk())
      for (const text of personal) if (storedForms(text).some((form) => bytes.includes(form))) found.push(`${text} in ${name}`);
    return found;
  }

  it("holds neither the customer's e-mail address, name, phone number nor street address once the deletion notice is delivered", async () => {
    const marker = randomBytes(4).toString("hex");
    const email = `sigrid.${marker}@example.test`;
    const profile = {
      fullName: `Sigrid Åkesson ${marker}`,
      phoneNumber: "+46 70 321 98 76",
      streetAddress: `Sveavägen ${marker}`,
      aptSuite: "Lgh 1401",
    };
    const steps = { sendCode: server.url, verify: server.url, create: server.url };
    let cookie = await signUpOverHttp(collector, steps, appOrigin, email, "203.0.113.7", profile);
    const call = async (method: string, url: string, body?: unknown) => {
      const answer = await requestJson(server.url, appOrigin, method, url, { body, cookie, clientAddress: "203.0.113.7" });
      if (answer.cookie) cookie = answer.cookie;
      return answer;
    };
    // The profile changed once: two versions of the phone number and the street address.
    const phoneNumber = "+46 73 456 00 11";
    const address = `Odengatan ${marker} 4 tr`;
    expect((await call("PATCH", "/api/profile", { phoneNumber, address })).status).toBe(200);
    // A booking, mailed to the customer, then cancelled: the booking stays as an accounting record.
    const booking = bookingRequest();
    expect((await call("POST", "/api/bookings", booking)).status).toBe(201);
    expect((await call("POST", `/api/bookings/${booking.bookingId}/cancel`, {})).status).toBe(200);
    const personal = [email, profile.fullName, profile.phoneNumber, `${profile.streetAddress} ${profile.aptSuite}`, phoneNumber, address];
    // On disk before the deletion: the check below can see what it looks for.
    const current = [email, profile.fullName, phoneNumber, address];
    const written = (text: string) => leftBehind([text]).length > 0;
    await waitFor(() => (current.every(written) ? true : undefined), { what: "the customer's details in the files" });

    expect((await call("POST", "/api/account/security/delete-account", { password: "Granite-Harbour-91" })).status).toBe(200);
    await waitFor(() => collector.mails.find((mail) => mail.to === email && /deleted|raderat/i.test(mail.subject)), {
      what: "the notice of deletion",
    });
    // The worker erases the notice's recipient after the delivery and then empties the log; the
    // files are read while the server runs, as a backup or a copy of the disk would find them.
    const clean = await waitFor(() => (leftBehind(personal).length === 0 ? true : undefined), { timeoutMs: 10_000 }).catch(() => false);
    expect(clean ? [] : leftBehind(personal)).toEqual([]);
  });
});
