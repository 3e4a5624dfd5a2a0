import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import type { AdminBookingDetail, BookingQueuePage } from "../../../shared/operator.ts";
import type { AssignmentBrief, MyAssignment } from "../../../shared/operatives.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createLogger } from "../../logger.ts";
import type { RenderedMail } from "../../mail/templates/render-mail.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createOperative, inviteAndSignIn } from "../../test-support/operatives.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { bookingForMail } from "./service.ts";

// docs/product.md §12 Engagement: the times, meeting point, note and protected person of a booking.
// ADR 180: the times must fit the band and the hours per day; ADR 181: the principal's real name
// only through the access policy, never in the queue, mail subjects, the log or the .ics;
// ADR 182: every mail that changes the booking carries the same calendar entry with a rising
// SEQUENCE, parsed here by Python's icalendar (Debian's python3-icalendar), a standard parser.

const today = operatorToday(new Date());
/** The next 5 December at least 3 days ahead: winter time, Stockholm = UTC+1. */
const fifthOfDecember = (() => {
  const year = Number(today.slice(0, 4));
  const thisYear = `${String(year)}-12-05`;
  return addDays(today, 3) <= thisYear ? thisYear : `${String(year + 1)}-12-05`;
})();

const secretName = "Viktoria Sandelin-Ekström";
const codename = "NORTHSTAR";

function engagementBody(overrides: Record<string, unknown> = {}) {
  return {
    bookingId: randomUUID(),
    location: "Stockholm, Sweden",
    startDate: fifthOfDecember,
    endDate: fifthOfDecember,
    services: [{ serviceId: "svc-bodyguard", options: { guards: 1, days: 1, duration: "12h" } }],
    startTime: "18:00",
    endTime: "23:30",
    meetingPoint: "Grand Hôtel, Södra Blasieholmshamnen 8",
    notes: "Arrives by the side entrance; no photographs.",
    principal: { name: secretName, codename, phone: "+46 70 111 22 33", directContact: true },
    language: "en",
    ...overrides,
  };
}

type ParsedCalendar = {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  startZone: string | null;
  text: string;
};

/** The .ics read by a standard iCalendar parser, not by our own code. */
function parseCalendar(ics: string): ParsedCalendar {
  const script = [
    "import sys, json, datetime, icalendar",
    "cal = icalendar.Calendar.from_ical(sys.stdin.read())",
    "event = next(c for c in cal.walk() if c.name == 'VEVENT')",
    "start = event.decoded('DTSTART'); end = event.decoded('DTEND')",
    "utc = lambda d: d.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ') if isinstance(d, datetime.datetime) else d.isoformat()",
    "print(json.dumps({'method': str(cal.get('METHOD')), 'uid': str(event.get('UID')), 'sequence': int(event.get('SEQUENCE')),",
    "  'status': str(event.get('STATUS')), 'start': utc(start), 'end': utc(end),",
    "  'startZone': event.get('DTSTART').params.get('TZID'),",
    "  'text': ' '.join(str(event.get(k, '')) for k in ('SUMMARY', 'LOCATION', 'DESCRIPTION'))}))",
  ].join("\n");
  return JSON.parse(execFileSync("/usr/bin/python3", ["-c", script], { input: ics, encoding: "utf8" })) as ParsedCalendar;
}

const calendarOf = (mail: RenderedMail) => {
  const attachment = mail.attachments?.find((entry) => entry.filename === "booking.ics");
  if (!attachment) throw new Error("the mail carries no booking.ics");
  return { ics: String(attachment.content), contentType: attachment.contentType ?? "" };
};

describeEachEngine("engagement details", (engine) => {
  let test: TestApp;
  const logLines: string[] = [];
  let customer: { cookie: string; user: { id: string; email: string } };
  let other: { cookie: string; user: { id: string; email: string } };
  let operator: { cookie: string; user: { id: string } };
  const as = (cookie: string) => ({
    get: (url: string) => test.request("GET", url, { headers: { cookie } }),
    post: (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie } }),
  });

  beforeAll(async () => {
    // The server log as production writes it (JSON, every level), captured to grep for the name.
    const logger = createLogger(
      { logLevel: "trace", nodeEnv: "production" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    );
    test = await createTestApp(engine, {}, { logger });
    customer = await createSignedInUser(test, { fullName: "Anna Assistent" });
    other = await createSignedInUser(test, { fullName: "Olle Other" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  it("stores the times, meeting point, note and protected person; the owner sees all of it, another customer 404", async () => {
    const body = engagementBody();
    const created = await as(customer.cookie).post("/api/bookings", body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      startTime: "18:00",
      endTime: "23:30",
      meetingPoint: body.meetingPoint,
      principal: { name: secretName, codename, phone: "+46 70 111 22 33", directContact: true },
    });
    const own = await as(customer.cookie).get(`/api/bookings/${body.bookingId}`);
    expect(own.status).toBe(200);
    expect(own.body as unknown as CustomerBooking).toMatchObject({
      startTime: "18:00",
      endTime: "23:30",
      meetingPoint: body.meetingPoint,
      note: body.notes,
      principal: { name: secretName, codename },
    });
    const list = await as(customer.cookie).get("/api/bookings");
    const card = (list.body.upcoming as CustomerBooking[]).find((entry) => entry.id === body.bookingId);
    expect(card).toMatchObject({ startTime: "18:00", meetingPoint: body.meetingPoint, principal: { codename } });
    const foreign = await as(other.cookie).get(`/api/bookings/${body.bookingId}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(secretName);
  });

  it("refuses times that disagree with the band or the hours, a lone time, a long note and a nameless principal, storing nothing", async () => {
    const before = await test.countRows("bookings");
    const cases: [Record<string, unknown>, string, RegExp][] = [
      // Residential Day covers 06:00–22:00: an evening to 23:00 is outside it.
      [
        {
          services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "day" } }],
          startTime: "20:00",
          endTime: "23:00",
        },
        "endTime",
        /outside the time of day/,
      ],
      // A night band does not take a midday window.
      [
        {
          services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "night" } }],
          startTime: "12:00",
          endTime: "16:00",
        },
        "endTime",
        /outside the time of day/,
      ],
      // 12 hours per day booked, 13 hours asked (18:00 to 07:00 the next morning).
      [{ startTime: "18:00", endTime: "07:00" }, "endTime", /longer than the hours per day/],
      [{ startTime: "18:00", endTime: undefined }, "endTime", /both the start time and the end time/],
      [{ startTime: "25:00", endTime: "26:00" }, "startTime", /HH:MM/],
      [{ notes: "x".repeat(1001) }, "notes", /1,000 characters/],
      [{ principal: { phone: "+46 70 111 22 33", directContact: false } }, "principal.codename", /name or a codename/],
      [{ principal: { codename, phone: "call me" } }, "principal.phone", /valid phone number/],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await as(customer.cookie).post("/api/bookings", engagementBody(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
      expect(response.body.error?.fields?.[field], field).toMatch(message);
    }
    expect(await test.countRows("bookings")).toBe(before);
    // The same times inside the band pass: a night watch from 20:00 to 06:00 the next morning.
    const night = await as(customer.cookie).post(
      "/api/bookings",
      engagementBody({
        services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "night" } }],
        startTime: "20:00",
        endTime: "06:00",
        principal: undefined,
      }),
    );
    expect(night.status).toBe(201);
  });

  it("shows the real name to operators and the assigned operative only; the queue, mail subjects, the .ics and the log carry the codename", async () => {
    const body = engagementBody();
    expect((await as(customer.cookie).post("/api/bookings", body)).status).toBe(201);
    const id = body.bookingId;

    // The operators' queue names the codename, never the name.
    const queue = await as(operator.cookie).get("/api/admin/bookings?limit=100");
    expect(queue.status).toBe(200);
    const row = (queue.body as unknown as BookingQueuePage).bookings.find((entry) => entry.id === id);
    expect(row?.principal).toEqual({ codename });
    expect(JSON.stringify(queue.body)).not.toContain(secretName);

    // The operator's detail has everything.
    const detail = (await as(operator.cookie).get(`/api/admin/bookings/${id}`)).body as unknown as AdminBookingDetail;
    expect(detail).toMatchObject({
      startTime: "18:00",
      endTime: "23:30",
      meetingPoint: body.meetingPoint,
      customerNote: body.notes,
      principal: { name: secretName, codename, directContact: true },
    });

    // The assigned operative reads the name in the brief; another operative gets 404.
    const guard = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Erik Vakt" }));
    const outsider = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Olof Utan" }));
    const assigned = await as(operator.cookie).post(`/api/admin/bookings/${id}/assignments`, {
      operatives: [{ operativeId: guard.operative.id, lead: true }],
    });
    expect(assigned.status).toBe(201);
    const offers = (await as(guard.cookie).get("/api/operative/assignments")).body.assignments as MyAssignment[];
    const offer = offers.find((entry) => entry.bookingId === id);
    if (!offer) throw new Error("no offer");
    expect((await as(guard.cookie).post(`/api/operative/assignments/${offer.id}/accept`)).status).toBe(200);
    const brief = await as(guard.cookie).get(`/api/operative/assignments/${offer.id}/brief`);
    expect(brief.status).toBe(200);
    expect(brief.body as unknown as AssignmentBrief).toMatchObject({
      meetingPoint: body.meetingPoint,
      startClock: "18:00",
      endClock: "23:30",
      principal: { name: secretName, codename, phone: "+46 70 111 22 33" },
      // The real start and end, not the booked days' midnights.
      startDate: fifthOfDecember,
      endDate: fifthOfDecember,
      startTime: new Date(`${fifthOfDecember}T17:00:00.000Z`).toISOString(),
      endTime: new Date(`${fifthOfDecember}T22:30:00.000Z`).toISOString(),
    });
    const outsiderBrief = await as(outsider.cookie).get(`/api/operative/assignments/${offer.id}/brief`);
    expect(outsiderBrief.status).toBe(404);
    expect(JSON.stringify(outsiderBrief.body)).not.toContain(secretName);
    expect((await as(outsider.cookie).get(`/api/bookings/${id}`)).status).toBe(404);

    // received → confirmed → cancelled: one UID, a rising SEQUENCE, the method follows the booking.
    const received = await latestQueuedMail(test, customer.user.email, "booking-confirmation");
    expect((await as(operator.cookie).post(`/api/admin/bookings/${id}/confirm`, {})).status).toBe(200);
    const confirmed = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect((await as(customer.cookie).post(`/api/bookings/${id}/cancel`)).status).toBe(200);
    const cancelled = await latestQueuedMail(test, customer.user.email, "booking-cancellation");

    const calendars = [received, confirmed, cancelled].map((mail) => {
      const { ics, contentType } = calendarOf(mail);
      expect(mail.subject).not.toContain(secretName);
      expect(mail.text).not.toContain(secretName);
      expect(mail.html).not.toContain(secretName);
      expect(ics).not.toContain(secretName);
      expect(mail.text).toContain(codename);
      return { ...parseCalendar(ics), contentType };
    });
    for (const calendar of calendars) {
      expect(calendar.uid).toBe(id);
      // 18:00 in Stockholm in December (CET, UTC+1) is 17:00Z; 23:30 is 22:30Z.
      expect(calendar.start).toBe(`${fifthOfDecember}T17:00:00Z`);
      expect(calendar.end).toBe(`${fifthOfDecember}T22:30:00Z`);
      expect(calendar.startZone).toBe("Europe/Stockholm");
      expect(calendar.text).toContain("Grand Hôtel");
      expect(calendar.text).not.toContain(secretName);
    }
    expect(calendars.map((calendar) => calendar.sequence)).toEqual([0, 1, 2]);
    expect(calendars.map((calendar) => [calendar.method, calendar.status])).toEqual([
      ["REQUEST", "TENTATIVE"],
      ["REQUEST", "CONFIRMED"],
      ["CANCEL", "CANCELLED"],
    ]);
    expect(calendars[2]?.contentType).toContain("method=CANCEL");

    // The mails go out through the worker, which logs each one: the log never has the name.
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 1000,
      sources: { booking: (bookingId) => bookingForMail(test.deps, bookingId) },
    });
    await worker.runOnce();
    await worker.stop();
    const log = logLines.join("");
    expect(log).toContain("booking-cancellation");
    expect(log).not.toContain(secretName);
    expect(log).not.toContain("Sandelin");
  });

  it("carries the moved entry (same UID, higher SEQUENCE) in the mail of an approved change; a proposal carries none; the times and meeting point stay", async () => {
    const body = engagementBody({ principal: undefined });
    const id = body.bookingId;
    expect((await as(customer.cookie).post("/api/bookings", body)).status).toBe(201);
    expect((await as(operator.cookie).post(`/api/admin/bookings/${id}/confirm`, {})).status).toBe(200);
    const confirmed = parseCalendar(calendarOf(await latestQueuedMail(test, customer.user.email, "booking-decision")).ics);

    // ADR 187: the operator proposes the next day; nothing changes until the customer approves.
    const nextDay = addDays(fifthOfDecember, 1);
    const proposed = await as(operator.cookie).post(`/api/admin/bookings/${id}/versions`, {
      startDate: nextDay,
      endDate: nextDay,
      services: body.services,
      reason: "The venue moved the dinner by a day",
    });
    expect(proposed.status).toBe(201);
    const proposal = await latestQueuedMail(test, customer.user.email, "booking-change");
    expect(proposal.subject).toMatch(/needs your approval/);
    expect(proposal.attachments ?? []).toEqual([]);
    const versionId = (proposed.body.versions as { id: string; status: string }[]).find((version) => version.status === "proposed")?.id;
    expect((await as(customer.cookie).post(`/api/bookings/${id}/versions/${versionId ?? ""}/approve`)).status).toBe(200);

    const approvedMail = await latestQueuedMail(test, customer.user.email, "booking-change");
    expect(approvedMail.subject).toMatch(/You approved/);
    const approved = parseCalendar(calendarOf(approvedMail).ics);
    expect(approved).toMatchObject({ uid: id, method: "REQUEST", status: "CONFIRMED", startZone: "Europe/Stockholm" });
    // The same evening on the new day: 18:00–23:30 Stockholm (CET) is 17:00Z–22:30Z.
    expect(approved.start).toBe(`${nextDay}T17:00:00Z`);
    expect(approved.end).toBe(`${nextDay}T22:30:00Z`);
    expect(approved.text).toContain("Grand Hôtel");
    expect(approved.sequence).toBeGreaterThan(confirmed.sequence);

    // The booking kept its times and meeting point through the approved version.
    const own = (await as(customer.cookie).get(`/api/bookings/${id}`)).body as unknown as CustomerBooking;
    expect(own).toMatchObject({ startDate: nextDay, startTime: "18:00", endTime: "23:30", meetingPoint: body.meetingPoint });

    // ADR 188: a request for another meeting point, accepted at the same price, is applied and mailed with the entry.
    const requested = await as(customer.cookie).post(`/api/bookings/${id}/change-requests`, { meetingPoint: "Arlanda Terminal 5" });
    expect(requested.status).toBe(201);
    expect((await latestQueuedMail(test, customer.user.email, "booking-change")).attachments ?? []).toEqual([]);
    const requestId = (requested.body.requests as { id: string }[])[0]?.id ?? "";
    expect((await as(operator.cookie).post(`/api/admin/bookings/${id}/change-requests/${requestId}/accept`)).status).toBe(200);
    const acceptedMail = await latestQueuedMail(test, customer.user.email, "booking-change");
    expect(acceptedMail.subject).toMatch(/request is accepted/);
    const accepted = parseCalendar(calendarOf(acceptedMail).ics);
    expect(accepted).toMatchObject({ uid: id, start: `${nextDay}T17:00:00Z`, status: "CONFIRMED" });
    expect(accepted.text).toContain("Arlanda Terminal 5");
    expect(accepted.sequence).toBeGreaterThan(approved.sequence);
    const moved = (await as(customer.cookie).get(`/api/bookings/${id}`)).body as unknown as CustomerBooking;
    expect(moved).toMatchObject({ meetingPoint: "Arlanda Terminal 5", startTime: "18:00" });
  });

  it("mails an operator's decline with METHOD:CANCEL, so the entry leaves the customer's calendar", async () => {
    const body = engagementBody({ principal: undefined, language: "sv" });
    expect((await as(customer.cookie).post("/api/bookings", body)).status).toBe(201);
    expect((await as(operator.cookie).post(`/api/admin/bookings/${body.bookingId}/decline`, { reason: "Fullbokat" })).status).toBe(200);
    const declined = await latestQueuedMail(test, customer.user.email, "booking-decision");
    const calendar = parseCalendar(calendarOf(declined).ics);
    expect(calendar).toMatchObject({ uid: body.bookingId, sequence: 1, method: "CANCEL", status: "CANCELLED" });
    // The customer's language: the Swedish words in the mail and its calendar entry.
    expect(declined.subject).toContain("Vi kan inte ta din bokning");
    expect(declined.text).toContain("Tider (svensk tid): 18:00 – 23:30");
    expect(calendar.text).toContain("säkerhetsbokning");
  });
  /** ADR 193: the refusal of times that do not fit the band or the hours: 400 invalid_input naming endTime. */
  const expectTimesRefused = (response: Awaited<ReturnType<TestApp["request"]>>, message: RegExp) => {
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe("invalid_input");
    expect(response.body.error?.fields?.endTime).toMatch(message);
  };
  const outsideBand = /outside the time of day/;
  const longerThanHours = /longer than the hours per day/;

  it("changes the times and adds a service through an operator's proposal: refused when they do not fit, approved with the new times in the mail and the .ics", async () => {
    // A bodyguard for 12 hours a day, 18:00 to 02:00 the next morning (8 hours).
    const body = engagementBody({ principal: undefined, startTime: "18:00", endTime: "02:00" });
    const id = body.bookingId;
    expect((await as(customer.cookie).post("/api/bookings", body)).status).toBe(201);
    expect((await as(operator.cookie).post(`/api/admin/bookings/${id}/confirm`, {})).status).toBe(200);
    const confirmed = parseCalendar(calendarOf(await latestQueuedMail(test, customer.user.email, "booking-decision")).ics);
    const propose = (overrides: Record<string, unknown>) =>
      as(operator.cookie).post(`/api/admin/bookings/${id}/versions`, {
        startDate: fifthOfDecember,
        endDate: fifthOfDecember,
        services: body.services,
        reason: "The dinner starts later",
        ...overrides,
      });
    const bodyguard = (duration: string) => ({ serviceId: "svc-bodyguard", options: { guards: 1, days: 1, duration } });

    // New times longer than the 12 hours per day booked (18:00 to 08:00 is 14 hours).
    expectTimesRefused(await propose({ startTime: "18:00", endTime: "08:00" }), longerThanHours);
    // Fewer hours per day (6) under the booking's own times (8 hours): the times are checked again.
    expectTimesRefused(await propose({ services: [bodyguard("6h")] }), longerThanHours);
    // An added residential guard in the Day band (06:00–22:00) under an evening to 02:00.
    expectTimesRefused(
      await propose({ services: [bodyguard("12h"), { serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }] }),
      outsideBand,
    );
    // A lone time, as on the booking page.
    const lone = await propose({ startTime: "19:00" });
    expect(lone.status).toBe(400);
    expect(lone.body.error?.fields?.endTime).toMatch(/both the start time and the end time/);
    // Nothing was written: no version, no event, the booking as it was.
    expect((await as(customer.cookie).get(`/api/bookings/${id}/changes`)).body.versions).toEqual([]);
    expect((await as(customer.cookie).get(`/api/bookings/${id}`)).body).toMatchObject({ startTime: "18:00", endTime: "02:00" });

    // New times (20:00 to 02:00) and an added security driver: a version for the customer to approve.
    const driver = { serviceId: "svc-driver", options: { guards: 1, days: 1 } };
    const proposed = await propose({ startTime: "20:00", endTime: "02:00", services: [bodyguard("12h"), driver] });
    expect(proposed.status).toBe(201);
    const versions = proposed.body.versions as { id: string; status: string; startTime: string | null; endTime: string | null }[];
    expect(versions.map((version) => [version.status, version.startTime, version.endTime])).toEqual([
      ["approved", "18:00", "02:00"],
      ["proposed", "20:00", "02:00"],
    ]);
    const proposal = await latestQueuedMail(test, customer.user.email, "booking-change");
    expect(proposal.text).toMatch(/Your booking: .*18:00–02:00 \(next morning\)/);
    expect(proposal.text).toMatch(/Proposed: .*20:00–02:00 \(next morning\) · VIP Security Driver, VIP Bodyguard · 2 guards/);
    expect(proposal.attachments ?? []).toEqual([]);
    const versionId = versions[1]?.id ?? "";
    expect((await as(customer.cookie).post(`/api/bookings/${id}/versions/${versionId}/approve`)).status).toBe(200);

    const own = (await as(customer.cookie).get(`/api/bookings/${id}`)).body as unknown as CustomerBooking;
    expect(own).toMatchObject({ startTime: "20:00", endTime: "02:00", meetingPoint: body.meetingPoint });
    expect(own.services.map((line) => line.serviceId).sort()).toEqual(["svc-bodyguard", "svc-driver"]);
    const approvedMail = await latestQueuedMail(test, customer.user.email, "booking-change");
    expect(approvedMail.text).toMatch(/Before the change: .*18:00–02:00 \(next morning\) · VIP Bodyguard · 1 guard/);
    expect(approvedMail.text).toMatch(/Your booking: .*20:00–02:00 \(next morning\) · VIP Security Driver, VIP Bodyguard · 2 guards/);
    const approved = parseCalendar(calendarOf(approvedMail).ics);
    // 20:00 in Stockholm in December (CET) is 19:00Z; 02:00 the next morning is 01:00Z.
    expect(approved).toMatchObject({
      uid: id,
      method: "REQUEST",
      status: "CONFIRMED",
      startZone: "Europe/Stockholm",
      start: `${fifthOfDecember}T19:00:00Z`,
      end: `${addDays(fifthOfDecember, 1)}T01:00:00Z`,
    });
    expect(approved.sequence).toBeGreaterThan(confirmed.sequence);

    // The booking as it now is, proposed again, is no change; other times alone are one.
    const sameAgain = await propose({ startTime: "20:00", endTime: "02:00", services: [bodyguard("12h"), driver] });
    expect(sameAgain.status).toBe(400);
    expect(sameAgain.body.error?.message).toMatch(/same as the booking/);
    expect((await propose({ startTime: "21:00", endTime: "02:00", services: [bodyguard("12h"), driver] })).status).toBe(201);
  });

  it("changes the times through a customer's request, mailed in Swedish; times that do not fit are refused when sent and when accepted", async () => {
    const swede = await createSignedInUser(test, { fullName: "Sara Svensson", language: "sv" });
    const body = engagementBody({ principal: undefined, language: "sv" });
    const id = body.bookingId;
    expect((await as(swede.cookie).post("/api/bookings", body)).status).toBe(201);
    expect((await as(operator.cookie).post(`/api/admin/bookings/${id}/confirm`, {})).status).toBe(200);
    const confirmed = parseCalendar(calendarOf(await latestQueuedMail(test, swede.user.email, "booking-decision")).ics);
    const request = (change: Record<string, unknown>) => as(swede.cookie).post(`/api/bookings/${id}/change-requests`, change);

    // 06:00 to 20:00 is 14 hours, the booking has 12 per day.
    expectTimesRefused(await request({ startTime: "06:00", endTime: "20:00" }), longerThanHours);
    // A residential guard in the Day band under the booking's evening to 23:30.
    expectTimesRefused(
      await request({ addServices: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }] }),
      outsideBand,
    );
    expect((await as(swede.cookie).get(`/api/bookings/${id}/changes`)).body.requests).toEqual([]);

    // Earlier, 17:00 to 23:00: accepted at the same price and applied at once.
    const sent = await request({ startTime: "17:00", endTime: "23:00", message: "Middagen börjar tidigare" });
    expect(sent.status).toBe(201);
    const pending = (sent.body.requests as { id: string; startTime: string | null; endTime: string | null }[])[0];
    expect(pending).toMatchObject({ startTime: "17:00", endTime: "23:00" });
    const seenByOperator = await as(operator.cookie).get(`/api/admin/bookings/${id}/changes`);
    expect((seenByOperator.body.requests as { startTime: string }[])[0]?.startTime).toBe("17:00");
    expect((await as(operator.cookie).post(`/api/admin/bookings/${id}/change-requests/${pending?.id ?? ""}/accept`)).status).toBe(200);
    expect((await as(swede.cookie).get(`/api/bookings/${id}`)).body).toMatchObject({ startTime: "17:00", endTime: "23:00" });
    const acceptedMail = await latestQueuedMail(test, swede.user.email, "booking-change");
    expect(acceptedMail.subject).toMatch(/^Din ändringsbegäran är godkänd/);
    expect(acceptedMail.text).toMatch(/Före ändringen: .*18:00–23:30 · VIP-livvakt · 1 väktare/);
    expect(acceptedMail.text).toMatch(/Din bokning: .*17:00–23:00 · VIP-livvakt/);
    const accepted = parseCalendar(calendarOf(acceptedMail).ics);
    expect(accepted).toMatchObject({ uid: id, start: `${fifthOfDecember}T16:00:00Z`, end: `${fifthOfDecember}T22:00:00Z` });
    expect(accepted.sequence).toBeGreaterThan(confirmed.sequence);

    // A request for 13:00 to 23:00 (10 hours) fits the 12 hours when sent; the operator then
    // proposes 6 hours a day, the customer approves, and the request no longer fits: accepting it
    // is refused and it stays waiting, the booking unchanged.
    const longer = await request({ startTime: "13:00", endTime: "23:00" });
    expect(longer.status).toBe(201);
    const longerId = (longer.body.requests as { id: string; status: string }[]).find((entry) => entry.status === "pending")?.id ?? "";
    const shorter = await as(operator.cookie).post(`/api/admin/bookings/${id}/versions`, {
      startDate: fifthOfDecember,
      services: [{ serviceId: "svc-bodyguard", options: { guards: 1, days: 1, duration: "6h" } }],
      reason: "Sex timmar räcker",
    });
    expect(shorter.status).toBe(201);
    const shorterId = (shorter.body.versions as { id: string; status: string }[]).find((entry) => entry.status === "proposed")?.id ?? "";
    expect((await as(swede.cookie).post(`/api/bookings/${id}/versions/${shorterId}/approve`)).status).toBe(200);
    expectTimesRefused(await as(operator.cookie).post(`/api/admin/bookings/${id}/change-requests/${longerId}/accept`), longerThanHours);
    const after = await as(swede.cookie).get(`/api/bookings/${id}/changes`);
    expect((after.body.requests as { id: string; status: string }[]).find((entry) => entry.id === longerId)?.status).toBe("pending");
    expect((await as(swede.cookie).get(`/api/bookings/${id}`)).body).toMatchObject({ startTime: "17:00", endTime: "23:00" });
  });
});
