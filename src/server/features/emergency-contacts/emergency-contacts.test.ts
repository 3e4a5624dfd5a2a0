import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { maximumEmergencyContacts, type EmergencyContact } from "../../../shared/emergency-contacts.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §2 SECURITY, §7 emergency_contacts: the signed-in customer's I.C.E. contacts, owner only,
// validated by the shared schema, on both engines.

type Customer = { cookie: string; user: { id: string; email: string } };

const mother = { name: "Karin Lindqvist", phone: "+46 70 765 43 21", email: "karin@example.test" };

describeEachEngine("emergency contacts", (engine) => {
  let test: TestApp;
  let astrid: Customer;
  let erik: Customer;

  const call = (customer: Customer | null, method: string, path = "", body?: unknown) =>
    test.request(method, `/api/emergency-contacts${path}`, { body, headers: customer ? { cookie: customer.cookie } : {} });
  const storedRows = () => test.countRows("emergency_contacts");

  beforeAll(async () => {
    test = await createTestApp(engine);
    astrid = await createSignedInUser(test);
    erik = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  it("adds, lists in order of creation, updates and deletes the owner's contacts", async () => {
    expect((await call(astrid, "GET")).body).toEqual({ contacts: [] });
    const added = await call(astrid, "POST", "", { ...mother, name: "  Karin Lindqvist  " });
    expect(added.status).toBe(201);
    const contact = added.body as unknown as EmergencyContact;
    expect(contact).toMatchObject(mother); // trimmed
    const second = await call(astrid, "POST", "", { name: "Lars", phone: "08-123 456 78" });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ name: "Lars", email: "" }); // the e-mail is optional

    const listed = (await call(astrid, "GET")).body.contacts as EmergencyContact[];
    expect(listed.map((entry) => entry.name)).toEqual(["Karin Lindqvist", "Lars"]);

    const updated = await call(astrid, "PUT", `/${contact.id}`, { ...mother, phone: "+46 70 111 22 33" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: contact.id, phone: "+46 70 111 22 33" });

    expect((await call(astrid, "DELETE", `/${contact.id}`)).status).toBe(204);
    expect(((await call(astrid, "GET")).body.contacts as EmergencyContact[]).map((entry) => entry.name)).toEqual(["Lars"]);
    expect((await call(astrid, "DELETE", `/${contact.id}`)).status).toBe(404);
  });

  it("refuses an invalid e-mail or phone, or a missing name, with 400 and field messages, and stores nothing", async () => {
    const before = await storedRows();
    const invalid = await call(astrid, "POST", "", { name: "", phone: "12ab", email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.fields).toEqual({
      name: "Please enter the contact's name",
      phone: "Please enter a valid phone number",
      email: "Please enter a valid email address",
    });
    const noPhone = await call(astrid, "POST", "", { name: "Karin" });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error?.fields?.phone).toBe("Phone number is required");
    expect(await storedRows()).toBe(before);

    const kept = (await call(astrid, "POST", "", mother)).body as unknown as EmergencyContact;
    const badUpdate = await call(astrid, "PUT", `/${kept.id}`, { ...mother, email: "karin@" });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error?.fields?.email).toBe("Please enter a valid email address");
    const stored = await test.db.selectFrom("emergency_contacts").selectAll().where("id", "=", kept.id).executeTakeFirstOrThrow();
    expect(stored.email).toBe(mother.email);
  });

  it("answers 404 to another user's contact id and changes nothing", async () => {
    const own = (await call(astrid, "POST", "", mother)).body as unknown as EmergencyContact;
    const before = await test.db.selectFrom("emergency_contacts").selectAll().where("id", "=", own.id).executeTakeFirstOrThrow();
    expect((await call(erik, "PUT", `/${own.id}`, { name: "Mallory", phone: "+46 70 000 00 00" })).status).toBe(404);
    expect((await call(erik, "DELETE", `/${own.id}`)).status).toBe(404);
    expect((await call(erik, "GET")).body).toEqual({ contacts: [] });
    const after = await test.db.selectFrom("emergency_contacts").selectAll().where("id", "=", own.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await call(astrid, "PUT", "/not-a-uuid", mother)).status).toBe(404);
    expect((await call(astrid, "PUT", `/${randomUUID()}`, mother)).status).toBe(404);
  });

  it("needs a session for every call (401), whatever the body", async () => {
    const before = await storedRows();
    expect((await call(null, "GET")).status).toBe(401);
    expect((await call(null, "POST", "", mother)).status).toBe(401);
    expect((await call(null, "POST", "", { nonsense: true })).status).toBe(401);
    expect((await call(null, "PUT", `/${randomUUID()}`, mother)).status).toBe(401);
    expect((await call(null, "DELETE", `/${randomUUID()}`)).status).toBe(401);
    expect(await storedRows()).toBe(before);
  });

  it(`keeps at most ${maximumEmergencyContacts} contacts per account (409 beyond)`, async () => {
    const customer = await createSignedInUser(test);
    for (let index = 0; index < maximumEmergencyContacts; index++) {
      expect((await call(customer, "POST", "", { ...mother, name: `Contact ${index + 1}` })).status).toBe(201);
    }
    const refused = await call(customer, "POST", "", mother);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "emergency_contact_limit",
      message: "You can keep at most 5 emergency contacts.",
      // ADR 211: the reason and the value its wording needs, for the visitor's language.
      reason: "emergencyContactLimit",
      values: { limit: 5 },
    });
    expect((await call(customer, "GET")).body.contacts).toHaveLength(maximumEmergencyContacts);
  });
});
