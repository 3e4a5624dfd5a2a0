import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { AssignmentView, Operative } from "../../../shared/operator.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { auditActions, createStaff, insertBooking, operativeBody } from "../../test-support/operator.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { assignedLeadFor, assignedLeadsFor } from "../../assigned-leads.ts";

// The operatives roster and assignment rules (ADR 070): an operative cannot be on a booking twice,
// cannot work past their licence's expiry or two overlapping bookings, even when two operators
// assign at the same moment; the customer sees the lead's first name and phone once confirmed.

const today = operatorToday(new Date());
const inDays = (days: number) => addDays(today, days);

describeEachEngine("operator assignments", (engine) => {
  let test: TestApp;
  let operator: { cookie: string; user: { id: string } };
  let customer: { cookie: string; user: { id: string; email: string } };
  const request = (method: string, url: string, body?: unknown) =>
    test.request(method, url, { body, headers: { cookie: operator.cookie } });
  const newOperative = async (overrides: Parameters<typeof operativeBody>[0] = {}) => {
    const response = await request("POST", "/api/admin/operatives", operativeBody(overrides));
    expect(response.status).toBe(201);
    return response.body as unknown as Operative;
  };
  const assign = (bookingId: string, operatives: { operativeId: string; lead?: boolean }[]) =>
    request("POST", `/api/admin/bookings/${bookingId}/assignments`, { operatives });

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  it("creates, reads, updates and removes operatives, with validation and audit", async () => {
    expect((await request("POST", "/api/admin/operatives", operativeBody({ name: "" }))).status).toBe(400);
    expect((await request("POST", "/api/admin/operatives", operativeBody({ licenceExpiresOn: "2030-02-30" }))).status).toBe(400);
    const created = await newOperative({ name: "Karin Holm", skills: ["driver"] });
    expect(created).toMatchObject({ name: "Karin Holm", skills: ["driver"], languages: ["sv", "en"], active: true });
    const updated = await request(
      "PUT",
      `/api/admin/operatives/${created.id}`,
      operativeBody({ name: "Karin Holm-Berg", phone: "+46 70 000 11 22" }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Karin Holm-Berg", phone: "+46 70 000 11 22" });
    const list = await request("GET", "/api/admin/operatives");
    expect((list.body.operatives as Operative[]).map((operative) => operative.id)).toContain(created.id);
    expect((await request("DELETE", `/api/admin/operatives/${created.id}`)).body).toEqual({ deleted: true });
    expect((await request("GET", `/api/admin/operatives/${created.id}`)).status).toBe(404);
    expect(await auditActions(test, created.id)).toEqual(["operative.create", "operative.update", "operative.delete"]);
  });

  it("assigns two operatives with a lead, and refuses the same operative twice", async () => {
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(10), endDate: inDays(11) });
    const lead = await newOperative({ name: "Johan Berg", phone: "+46 70 111 22 33" });
    const second = await newOperative({ name: "Lisa Ström" });
    const response = await assign(booking, [{ operativeId: second.id }, { operativeId: lead.id, lead: true }]);
    expect(response.status).toBe(201);
    const assignments = response.body.assignments as AssignmentView[];
    // Operatives without an account of their own (not invited) are taken as accepted (ADR 161).
    expect(assignments).toMatchObject([
      { operativeId: lead.id, name: "Johan Berg", phone: "+46 70 111 22 33", lead: true, state: "accepted" },
      { operativeId: second.id, name: "Lisa Ström", phone: "+46 70 111 22 33", lead: false, state: "accepted" },
    ]);
    const twice = await assign(booking, [{ operativeId: lead.id }]);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: "assignment_refused", message: "Johan Berg is already assigned to this booking." });
    expect(await auditActions(test, booking)).toEqual(["booking.assign"]);

    // The customer sees the lead's first name and phone only once the booking is confirmed.
    expect(await assignedLeadFor(test.db, booking)).toBeNull();
    expect((await request("POST", `/api/admin/bookings/${booking}/confirm`, {})).status).toBe(200);
    expect(await assignedLeadFor(test.db, booking)).toEqual({ firstName: "Johan", phone: "+46 70 111 22 33", photoUrl: null });
    expect((await assignedLeadsFor(test.db, [booking, randomUUID()])).size).toBe(1);
    const mail = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(mail.text).toContain("Your lead guard: Johan, +46 70 111 22 33");

    // Removing the lead hands the lead to the other operative.
    const removed = await request("DELETE", `/api/admin/bookings/${booking}/assignments/${lead.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.assignments).toMatchObject([{ operativeId: second.id, name: "Lisa Ström", phone: "+46 70 111 22 33", lead: true }]);
    // One with bookings is kept inactive rather than deleted.
    expect((await request("DELETE", `/api/admin/operatives/${second.id}`)).body).toEqual({ deleted: false });
    expect((await assign(booking, [{ operativeId: lead.id }])).status).toBe(201);
  });

  it("refuses an operative whose licence expires before the booking ends", async () => {
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(50), endDate: inDays(52) });
    const expiring = await newOperative({ name: "Per Nyman", licenceExpiresOn: inDays(51) });
    const response = await assign(booking, [{ operativeId: expiring.id, lead: true }]);
    expect(response.status).toBe(409);
    expect(response.body.error?.code).toBe("assignment_refused");
    expect(response.body.error?.message).toBe(`Per Nyman's licence expires on ${inDays(51)}, before the booking ends on ${inDays(52)}.`);
    expect(await test.countRows("booking_assignments")).toBeGreaterThanOrEqual(0);
    const lastDay = await newOperative({ name: "Eva Nyman", licenceExpiresOn: inDays(52) });
    expect((await assign(booking, [{ operativeId: lastDay.id }])).status).toBe(201);
  });

  it("refuses an operative who already works an overlapping or too close booking, but not a cancelled one or one after a rest", async () => {
    const operative = await newOperative({ name: "Nils Dahl" });
    const first = await insertBooking(test, { userId: customer.user.id, startDate: inDays(60), endDate: inDays(62) });
    const overlapping = await insertBooking(test, {
      userId: customer.user.id,
      startDate: inDays(62),
      endDate: inDays(63),
      location: "Lund, Sweden",
    });
    const adjacent = await insertBooking(test, { userId: customer.user.id, startDate: inDays(63), endDate: inDays(64) });
    const afterRest = await insertBooking(test, { userId: customer.user.id, startDate: inDays(64), endDate: inDays(65) });
    expect((await assign(first, [{ operativeId: operative.id }])).status).toBe(201);
    const refused = await assign(overlapping, [{ operativeId: operative.id }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain("Nils Dahl already works an overlapping booking");
    // The next day starts when the first ends: no daily rest between them (ADR 162).
    const tooClose = await assign(adjacent, [{ operativeId: operative.id }]);
    expect(tooClose.status).toBe(409);
    expect(tooClose.body.error?.fields?.refusal).toBe("rest_time");
    expect((await assign(afterRest, [{ operativeId: operative.id }])).status).toBe(201);
    // Once the first booking is cancelled, its days are free again.
    expect((await request("POST", `/api/admin/bookings/${first}/cancel`, { reason: "Called off." })).status).toBe(200);
    const stillAdjacent = await insertBooking(test, { userId: customer.user.id, startDate: inDays(61), endDate: inDays(61) });
    expect((await assign(stillAdjacent, [{ operativeId: operative.id }])).status).toBe(201);
    // A refused request assigns none of its operatives.
    const fresh = await newOperative({ name: "Fresh One" });
    const mixed = await assign(overlapping, [{ operativeId: fresh.id }, { operativeId: operative.id }]);
    expect(mixed.status).toBe(409);
    const onOverlapping = await test.db.selectFrom("booking_assignments").select("id").where("booking_id", "=", overlapping).execute();
    expect(onOverlapping).toHaveLength(0);
  });

  it("lets only one of two concurrent assignments of one operative to overlapping bookings pass", async () => {
    for (let round = 0; round < 5; round += 1) {
      const operative = await newOperative({ name: `Racer ${round}` });
      const a = await insertBooking(test, {
        userId: customer.user.id,
        startDate: inDays(100 + round * 10),
        endDate: inDays(102 + round * 10),
      });
      const b = await insertBooking(test, {
        userId: customer.user.id,
        startDate: inDays(101 + round * 10),
        endDate: inDays(103 + round * 10),
      });
      const results = await Promise.all([assign(a, [{ operativeId: operative.id }]), assign(b, [{ operativeId: operative.id }])]);
      expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
      const rows = await test.db.selectFrom("booking_assignments").select("id").where("operative_id", "=", operative.id).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("refuses assignment to a declined booking and validates the body", async () => {
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(200) });
    const operative = await newOperative();
    expect((await request("POST", `/api/admin/bookings/${booking}/assignments`, { operatives: [] })).status).toBe(400);
    const twoLeads = await request("POST", `/api/admin/bookings/${booking}/assignments`, {
      operatives: [
        { operativeId: operative.id, lead: true },
        { operativeId: randomUUID(), lead: true },
      ],
    });
    expect(twoLeads.status).toBe(400);
    expect((await assign(booking, [{ operativeId: randomUUID() }])).status).toBe(404);
    expect((await request("POST", `/api/admin/bookings/${booking}/decline`, { reason: "Fully booked." })).status).toBe(200);
    const refused = await assign(booking, [{ operativeId: operative.id }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("invalid_transition");
  });
});
