import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, freshIp } from "../../test-support/accounts.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

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
    // The e-mail address is not among them: the notice of deletion is queued to it, in the outbox.
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
