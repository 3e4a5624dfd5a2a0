import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser, freshIp } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { insertBooking } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";

// ADR 113: a place is stored language-neutral (city and country code), so the operator finds a
// booking made in Swedish by the English country name and reads the place in their own language.

type QueueItem = { id: string; location: string };

describeEachEngine("places in the operator queue, whatever language they were booked in", (engine) => {
  let test: TestApp;
  let englishOperator: { cookie: string };
  let swedishOperator: { cookie: string };
  beforeAll(async () => {
    test = await createTestApp(engine);
    englishOperator = await createSignedInUser(test, { role: "operator", language: "en" });
    swedishOperator = await createSignedInUser(test, { role: "operator", language: "sv" });
  });
  afterAll(() => test.close());

  const queue = async (cookie: string, q: string) => {
    const answer = await test.request("GET", `/api/admin/bookings?q=${encodeURIComponent(q)}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    return answer.body.bookings as QueueItem[];
  };

  it("finds a booking made in Swedish by searching 'Sweden' and shows it as 'Stockholm, Sweden' in English", async () => {
    const customer = await createSignedInUser(test, { language: "sv", fullName: "Sigrid Holm" });
    const booking = { ...bookingRequest(), location: "Stockholm, Sverige", language: "sv" };
    const created = await test.request("POST", "/api/bookings", {
      body: booking,
      headers: { cookie: customer.cookie, "x-test-client-ip": freshIp() },
    });
    expect(created.status).toBe(201);

    const found = await queue(englishOperator.cookie, "Sweden");
    expect(found.find((item) => item.id === booking.bookingId)?.location).toBe("Stockholm, Sweden");
    const inSwedish = await queue(swedishOperator.cookie, "Stockholm, Sverige");
    expect(inSwedish.find((item) => item.id === booking.bookingId)?.location).toBe("Stockholm, Sverige");
    const detail = await test.request("GET", `/api/admin/bookings/${booking.bookingId}`, { headers: { cookie: englishOperator.cookie } });
    expect(detail.body.location).toBe("Stockholm, Sweden");
  });

  it("matches bookings stored before places were kept language-neutral", async () => {
    const today = operatorToday(new Date());
    const id = await insertBooking(test, { location: "Malmö, Sverige", startDate: addDays(today, 5), customerName: "Erik Berg" });
    const found = await queue(englishOperator.cookie, "Malmö, Sweden");
    expect(found.find((item) => item.id === id)?.location).toBe("Malmö, Sweden");
  });
});
