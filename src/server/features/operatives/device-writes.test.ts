import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAssignment } from "../../../shared/operatives.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { manualClock } from "../../clock.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { createOperative, inviteAndSignIn } from "../../test-support/operatives.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 293: the operative app's outbox sends a write made offline with a key made on the phone and
// the phone's time, and sends it again when it hears no answer. However many copies arrive, the
// write is applied once, each copy gets the first answer, and both times are kept.

const hourMs = 3_600_000;
const start = new Date();

describeEachEngine("writes sent again from the operative's phone", (engine) => {
  let test: TestApp;
  const clock = manualClock(start);
  beforeAll(async () => {
    test = await createTestApp(engine, {}, { clock });
  });
  afterAll(() => test.close());

  it("applies a status change and a check-in once however often they are sent, and refuses the key with another request", async () => {
    const operator = await createStaff(test, "operator");
    const customer = await createSignedInUser(test);
    const lead = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Maja Berg" }));
    const headers = (key: string, deviceTime: string) => ({ cookie: lead.cookie, "Idempotency-Key": key, "Device-Time": deviceTime });
    const bookingId = await insertBooking(test, {
      userId: customer.user.id,
      startDate: addDays(operatorToday(start), 20),
      status: "confirmed",
    });
    expect(
      (
        await test.request("POST", `/api/admin/bookings/${bookingId}/assignments`, {
          body: { operatives: [{ operativeId: lead.operative.id, lead: true }] },
          headers: { cookie: operator.cookie },
        })
      ).status,
    ).toBe(201);
    const listed = (await test.request("GET", "/api/operative/assignments", { headers: { cookie: lead.cookie } })).body
      .assignments as MyAssignment[];
    const assignment = listed.find((entry) => entry.bookingId === bookingId);
    if (!assignment) throw new Error("assignment not listed");
    expect(
      (await test.request("POST", `/api/operative/assignments/${assignment.id}/accept`, { headers: { cookie: lead.cookie } })).status,
    ).toBe(200);
    const startTime = Date.parse(
      (await test.db.selectFrom("bookings").select("start_time").where("id", "=", bookingId).executeTakeFirstOrThrow()).start_time,
    );
    clock.set(new Date(startTime - hourMs));

    // The phone made the write ten minutes ago, offline; it arrives three times.
    const deviceTime = new Date(startTime - hourMs - 10 * 60_000).toISOString();
    const statusUrl = `/api/operative/assignments/${assignment.id}/status`;
    const first = await test.request("POST", statusUrl, { body: { status: "on_the_way" }, headers: headers("phone-key-1", deviceTime) });
    expect(first.status).toBe(200);
    const again = await test.request("POST", statusUrl, { body: { status: "on_the_way" }, headers: headers("phone-key-1", deviceTime) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    // Without the key, the same request is a second request, refused because it was applied.
    expect((await test.request("POST", statusUrl, { body: { status: "on_the_way" }, headers: { cookie: lead.cookie } })).status).toBe(409);
    // The key with another request is refused and applies nothing (ADR 217).
    const reused = await test.request("POST", statusUrl, { body: { status: "on_duty" }, headers: headers("phone-key-1", deviceTime) });
    expect(reused.status).toBe(422);
    expect((reused.body.error as { code: string }).code).toBe("idempotency_key_reused");

    // A check-in (the lead's PINs first) sent twice is one check-in.
    expect(
      (
        await test.request("PUT", "/api/operative/duty/pins", {
          body: { pin: "4826", duressPin: "9173" },
          headers: { cookie: lead.cookie },
        })
      ).status,
    ).toBe(200);
    const checkInUrl = `/api/operative/duty/assignments/${assignment.id}/check-ins`;
    for (let copy = 0; copy < 3; copy += 1) {
      const sent = await test.request("POST", checkInUrl, { body: { pin: "4826" }, headers: headers("phone-key-2", deviceTime) });
      expect(sent.status).toBe(201);
    }
    const checkIns = await test.db.selectFrom("check_ins").select("id").where("booking_id", "=", bookingId).execute();
    expect(checkIns).toHaveLength(1);

    // A refused write keeps no key: the same key may ask again.
    const refused = await test.request("POST", checkInUrl, { body: { pin: "0000" }, headers: headers("phone-key-3", deviceTime) });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(
      await test.db
        .selectFrom("idempotency_keys")
        .select("key")
        .where("owner_id", "=", lead.userId)
        .where("key", "=", "phone-key-3")
        .execute(),
    ).toHaveLength(0);

    // Both times are kept, and the phone can read them back.
    const writes = (await test.request("GET", "/api/operative/device-writes", { headers: { cookie: lead.cookie } })).body.writes as {
      key: string;
      deviceTime: string;
      serverTime: string;
      applied: boolean;
    }[];
    expect(writes.map((write) => write.key).sort()).toEqual(["phone-key-1", "phone-key-2"]);
    for (const write of writes) {
      expect(write.deviceTime).toBe(deviceTime);
      expect(write.serverTime).toBe(new Date(startTime - hourMs).toISOString());
      expect(write.applied).toBe(true);
    }
  });
});
