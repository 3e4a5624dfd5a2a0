import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §2 'Contact Details' and notification preferences: the signed-in customer edits their own
// profile; empty or malformed values are refused with the field's message and nothing changes.

describeEachEngine("profile details and notification preferences", (engine) => {
  let test: TestApp;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test, { fullName: "Astrid Lindqvist" });
  });
  afterAll(() => test.close());

  const patch = (body: unknown, cookie = customer.cookie) => test.request("PATCH", "/api/profile", { body, headers: { cookie } });
  const profileRow = () => test.db.selectFrom("profiles").selectAll().where("id", "=", customer.user.id).executeTakeFirstOrThrow();

  it("answers 401 to every profile endpoint without a session", async () => {
    for (const [method, path] of [
      ["PATCH", "/api/profile"],
      ["GET", "/api/profile/notifications"],
      ["PUT", "/api/profile/notifications"],
      ["GET", "/api/profile/emails"],
      ["POST", "/api/profile/emails"],
      ["PATCH", "/api/profile/emails/0b5c1f0e-4a8d-4c1b-9b1e-2f3a4b5c6d7e"],
      ["DELETE", "/api/profile/emails/0b5c1f0e-4a8d-4c1b-9b1e-2f3a4b5c6d7e"],
      ["POST", "/api/profile/emails/0b5c1f0e-4a8d-4c1b-9b1e-2f3a4b5c6d7e/code"],
      ["POST", "/api/profile/emails/0b5c1f0e-4a8d-4c1b-9b1e-2f3a4b5c6d7e/verify"],
      ["GET", "/api/profile/avatar"],
      ["POST", "/api/profile/avatar"],
      ["DELETE", "/api/profile/avatar"],
    ] as const) {
      const response = await test.request(method, path, { body: method === "GET" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error?.code).toBe("unauthorized");
    }
  });

  it("saves one field at a time, trimmed, and the name also becomes the sign-in user's name", async () => {
    const response = await patch({ fullName: "  Astrid Berg  " });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ fullName: "Astrid Berg", city: "Stockholm" });
    expect((await profileRow()).full_name).toBe("Astrid Berg");
    const user = await test.db.selectFrom("users").select("name").where("id", "=", customer.user.id).executeTakeFirstOrThrow();
    expect(user.name).toBe("Astrid Berg");
    const session = await test.request("GET", "/api/account/session", { headers: { cookie: customer.cookie } });
    expect(session.body).toMatchObject({ user: { name: "Astrid Berg" } });

    expect((await patch({ city: "Göteborg", postalCode: "411 01", country: "Sverige" })).status).toBe(200);
    expect(await profileRow()).toMatchObject({ city: "Göteborg", postal_code: "411 01", country: "Sverige", full_name: "Astrid Berg" });
  });

  it("refuses an empty or malformed value with the field's message and changes nothing", async () => {
    const before = await profileRow();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: "   " }, "fullName", "Name cannot be empty"],
      [{ phoneNumber: "" }, "phoneNumber", "Phone nr. cannot be empty"],
      [{ phoneNumber: "call me" }, "phoneNumber", "Please enter a valid phone number"],
      [{ address: " " }, "address", "Street address cannot be empty"],
      [{ city: "" }, "city", "City cannot be empty"],
      [{ country: "\t" }, "country", "Country cannot be empty"],
      [{ postalCode: "  " }, "postalCode", "Zip/postcode cannot be empty"],
      [{ city: "Oslo\u202e" }, "city", "Please remove the unsupported characters."],
      // A name the invoices' faces cannot draw is refused here, not dropped from a PDF later (ADR 241).
      [{ fullName: "राज कुमार" }, "fullName", "Please remove the unsupported characters."],
    ];
    for (const [body, field, message] of cases) {
      const response = await patch({ ...body, country: body.country ?? "Norway" });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.fields?.[field]).toBe(message);
    }
    expect((await patch({})).status).toBe(400);
    // The sign-in address is read-only: an unknown field is refused, not ignored.
    expect((await patch({ email: "someone.else@example.test" })).status).toBe(400);
    expect(await profileRow()).toEqual(before);
  });

  it("saves names in the scripts the documents print: Arabic, Persian, Hebrew, Cyrillic, Greek, Chinese, an emoji", async () => {
    for (const fullName of [
      "فاطمة الزهراء",
      "پرستو رضایی",
      "דוד כהן",
      "Иван Петров",
      "Νίκος Παπαδόπουλος",
      "王小明 先生",
      "Anna 🌟 Lind",
    ]) {
      const response = await patch({ fullName });
      expect(response.status, fullName).toBe(200);
      expect((await profileRow()).full_name).toBe(fullName);
    }
    await patch({ fullName: "Astrid Lindqvist" });
  });

  it("keeps notification preferences per account, and another account's stay as they were", async () => {
    const other = await createSignedInUser(test);
    const get = (cookie: string) => test.request("GET", "/api/profile/notifications", { headers: { cookie } });
    expect((await get(customer.cookie)).body).toMatchObject({ emailNotifications: true, pushNotifications: false });
    const saved = await test.request("PUT", "/api/profile/notifications", {
      body: { emailNotifications: false, pushNotifications: true },
      headers: { cookie: customer.cookie },
    });
    expect(saved.status).toBe(200);
    expect((await get(customer.cookie)).body).toMatchObject({ emailNotifications: false, pushNotifications: true });
    expect((await get(other.cookie)).body).toMatchObject({ emailNotifications: true, pushNotifications: false });
    const bad = await test.request("PUT", "/api/profile/notifications", {
      body: { emailNotifications: "yes" },
      headers: { cookie: customer.cookie },
    });
    expect(bad.status).toBe(400);
    expect((await get(customer.cookie)).body).toMatchObject({ emailNotifications: false, pushNotifications: true });
  });
});
