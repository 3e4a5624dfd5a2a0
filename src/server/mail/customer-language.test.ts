import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser, freshIp } from "../test-support/accounts.ts";
import { createStaff } from "../test-support/operator.ts";
import { latestQueuedMail } from "../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// Every mail to a customer is written in the customer's language (docs/product.md §2: English and
// Swedish; the profile's preferred language is "the language of our e-mails to you").

describeEachEngine("the language of the mails to a customer", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  it("tells a Swedish customer in Swedish that an identity document was rejected", async () => {
    const operator = await createStaff(test, "operator");
    const customer = await createSignedInUser(test, { language: "sv" });
    const id = randomUUID();
    const key = await test.deps.storage.put("id-documents", Buffer.from("jpeg"), { contentType: "image/jpeg" });
    await test.db
      .insertInto("id_verifications")
      .values({
        id,
        user_id: customer.user.id,
        type: "drivers_license",
        status: "pending",
        file_key: key,
        content_type: "image/jpeg",
        file_size: 4,
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const rejected = await test.request("POST", `/api/admin/id-verifications/${id}/reject`, {
      body: { reason: "Bilden är suddig." },
      headers: { cookie: operator.cookie },
    });
    expect(rejected.status).toBe(200);
    const mail = await latestQueuedMail(test, customer.user.email, "id-review");
    expect(mail.subject).toBe("Vi kunde inte verifiera din id-handling");
    expect(mail.text).toContain("körkort");
    expect(mail.text).not.toContain("Open your dashboard");
  });

  it("tells a Swedish customer in Swedish that the account was deleted", async () => {
    const customer = await createSignedInUser(test, { language: "sv" });
    const deleted = await test.request("POST", "/api/account/security/delete-account", {
      body: { password: customer.password },
      headers: { cookie: customer.cookie, "x-test-client-ip": freshIp() },
    });
    expect(deleted.status).toBe(200);
    const mail = await latestQueuedMail(test, customer.user.email, "account-deleted");
    expect(mail.subject).toBe("Ditt konto hos Nordic Shield har raderats");
    expect(mail.text).not.toMatch(/account has been deleted/i);
  });
});
