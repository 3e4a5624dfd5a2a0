import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { latestQueuedMail } from "../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { approvedCompany, downloadPdf, germanCompany, pdfText, runDueJobs } from "../features/invoices/test-support.ts";
import { operatorToday } from "../../shared/time.ts";
import { readEventsAfter } from "../events/events-repo.ts";

// docs/companies.md through the API on both engines: a company's members by role (ADR 277), the
// company's approval as a step of the one state machine (ADR 276) with no hold, no invoice and no
// place in the firm's queue until approved, and the role × action matrix with a removed member and
// another company's people: nothing leaks.

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("companies", (engine) => {
  let test: TestApp;
  let operator: Person;
  let owner: Person;
  let administrator: Person;
  let assistant: Person;
  let otherBooker: Person;
  let approver: Person;
  let removed: Person;
  let otherOwner: Person;
  let stranger: Person;
  let companyId: string;
  let otherCompanyId: string;
  let heldBookingId: string;

  const as = (person: Person) => ({ headers: { cookie: person.cookie } });

  async function companyOf(person: Person) {
    const answer = await test.request("GET", "/api/companies", as(person));
    expect(answer.status).toBe(200);
    return answer.body as { companies: { id: string; role: string }[]; invitations: { id: string }[] };
  }

  async function join(id: string, inviter: Person, role: string): Promise<Person> {
    const member = await createSignedInUser(test);
    const invited = await test.request("POST", `/api/companies/${id}/invitations`, {
      body: { email: member.user.email, role },
      ...as(inviter),
    });
    expect(invited.status).toBe(201);
    const [invitation] = (await companyOf(member)).invitations;
    expect(invitation).toBeDefined();
    expect((await test.request("POST", `/api/companies/invitations/${invitation?.id}/accept`, as(member))).status).toBe(200);
    return member;
  }

  function companyBooking(id: string, extra: Record<string, unknown> = {}) {
    return {
      ...bookingRequest(),
      payment: { invoice: true },
      company: { companyId: id, costCentre: "Board", reference: "PO-4711" },
      ...extra,
    };
  }

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
    owner = await approvedCompany(test, operator.cookie);
    companyId = (await companyOf(owner)).companies[0]?.id ?? "";
    expect((await companyOf(owner)).companies).toEqual([expect.objectContaining({ id: companyId, role: "owner" })]);
    const policy = await test.request("PUT", `/api/companies/${companyId}/policy`, {
      body: {
        costCentres: ["Board", "Sales"],
        requiresCostCentre: true,
        requiresReference: true,
        sharesAllBookings: false,
        approval: { always: false, aboveCents: 100_000, serviceTypes: [], outsideOfficeHours: false },
      },
      ...as(owner),
    });
    expect(policy.status).toBe(200);
    administrator = await join(companyId, owner, "administrator");
    assistant = await join(companyId, administrator, "booker");
    otherBooker = await join(companyId, owner, "booker");
    approver = await join(companyId, owner, "approver");
    removed = await join(companyId, owner, "approver");
    otherOwner = await approvedCompany(test, operator.cookie, germanCompany);
    otherCompanyId = (await companyOf(otherOwner)).companies[0]?.id ?? "";
    stranger = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  it("holds a booking above the limit for the company's approval: no hold, no invoice, not in the firm's queue", async () => {
    const request = companyBooking(companyId);
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(assistant) });
    expect(booked.status).toBe(201);
    heldBookingId = request.bookingId;
    const row = await test.db
      .selectFrom("bookings")
      .select(["status", "user_id", "buyer_vat"])
      .where("id", "=", heldBookingId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "awaiting_company_approval", user_id: assistant.user.id, buyer_vat: "swedish_company" });
    const link = await test.db.selectFrom("company_bookings").selectAll().where("booking_id", "=", heldBookingId).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ company_id: companyId, cost_centre: "Board", reference: "PO-4711", approval_reasons: '["above_amount"]' });
    expect(await test.db.selectFrom("payments").select("id").where("booking_id", "=", heldBookingId).execute()).toEqual([]);
    expect(await test.db.selectFrom("accounting_documents").select("id").where("booking_id", "=", heldBookingId).execute()).toEqual([]);
    const jobs = await test.db.selectFrom("jobs").select("kind").where("payload", "like", `%${heldBookingId}%`).execute();
    expect(jobs.map((job) => job.kind)).not.toContain("reply-alert");
    // The firm neither lists it nor may decide it.
    const queue = await test.request("GET", "/api/admin/bookings", as(operator));
    expect((queue.body.bookings as { id: string }[]).map((booking) => booking.id)).not.toContain(heldBookingId);
    expect((await test.request("POST", `/api/admin/bookings/${heldBookingId}/confirm`, { body: {}, ...as(operator) })).status).toBe(404);
    // Nor does the firm's live stream carry its creation; the booker's does.
    const staffStream = await readEventsAfter(test.db, { kind: "user", id: operator.user.id, role: "operator" }, 0, 10_000);
    expect(staffStream.events.map((event) => event.bookingId)).not.toContain(heldBookingId);
    const bookerStream = await readEventsAfter(test.db, { kind: "user", id: assistant.user.id, role: "customer" }, 0, 10_000);
    expect(bookerStream.events.map((event) => event.type)).toContain("booking.awaiting_company_approval");
    // The approvers are mailed a link to the approval; the booker gets no confirmation yet.
    const mail = await latestQueuedMail(test, approver.user.email, "company-approval-request");
    expect(mail.text).toContain(`/customer-dashboard/company?approve=${heldBookingId}`);
    expect(
      await test.db
        .selectFrom("outbox")
        .select("id")
        .where("recipient", "=", assistant.user.email)
        .where("kind", "=", "booking-confirmation")
        .execute(),
    ).toEqual([]);
  });

  it("refuses a company booking without the cost centre, the reference, or paid by card", async () => {
    const noCostCentre = companyBooking(companyId, { company: { companyId, reference: "PO-1" } });
    const first = await test.request("POST", "/api/bookings", { body: noCostCentre, ...as(assistant) });
    expect(first.status).toBe(400);
    expect((first.body.error as { reason?: string } | undefined)?.reason).toBe("costCentreRequired");
    const unknown = companyBooking(companyId, { company: { companyId, costCentre: "Yachts", reference: "PO-1" } });
    expect(
      ((await test.request("POST", "/api/bookings", { body: unknown, ...as(assistant) })).body.error as { reason?: string } | undefined)
        ?.reason,
    ).toBe("costCentreRequired");
    const noReference = companyBooking(companyId, { company: { companyId, costCentre: "Sales" } });
    expect(
      ((await test.request("POST", "/api/bookings", { body: noReference, ...as(assistant) })).body.error as { reason?: string } | undefined)
        ?.reason,
    ).toBe("referenceRequired");
    const byCard = { ...companyBooking(companyId), payment: undefined };
    expect(
      ((await test.request("POST", "/api/bookings", { body: byCard, ...as(assistant) })).body.error as { reason?: string } | undefined)
        ?.reason,
    ).toBe("companyPaysByInvoice");
    const elsewhere = companyBooking(otherCompanyId);
    expect((await test.request("POST", "/api/bookings", { body: elsewhere, ...as(assistant) })).status).toBe(404);
  });

  describe("the role × action matrix", () => {
    type Expectations = { view: number; invite: number; policy: number; bookings: number; spend: number; approve: number };
    const expectations = (): [string, () => Person, Expectations][] => [
      ["owner", () => owner, { view: 200, invite: 201, policy: 200, bookings: 1, spend: 200, approve: 404 }],
      ["administrator", () => administrator, { view: 200, invite: 201, policy: 200, bookings: 1, spend: 200, approve: 404 }],
      // The booker owns the booking: never its approver.
      ["booker (its booker)", () => assistant, { view: 200, invite: 403, policy: 403, bookings: 1, spend: 403, approve: 404 }],
      ["booker (another)", () => otherBooker, { view: 200, invite: 403, policy: 403, bookings: 0, spend: 403, approve: 404 }],
      ["removed member", () => removed, { view: 404, invite: 404, policy: 404, bookings: -1, spend: 404, approve: 404 }],
      ["another company's owner", () => otherOwner, { view: 404, invite: 404, policy: 404, bookings: -1, spend: 404, approve: 404 }],
      ["a stranger", () => stranger, { view: 404, invite: 404, policy: 404, bookings: -1, spend: 404, approve: 404 }],
      ["staff", () => operator, { view: 404, invite: 404, policy: 404, bookings: -1, spend: 404, approve: 404 }],
    ];

    it("answers each role as its permissions say, and a removed member or another company nothing", async () => {
      // Removed at once: their next request already finds nothing.
      const removedAnswer = await test.request("DELETE", `/api/companies/${companyId}/members/${removed.user.id}`, as(administrator));
      expect(removedAnswer.status).toBe(200);
      // Owner and administrator approve in principle; make them not approvers of this booking by checking after the approver's decision below.
      for (const [name, person, expected] of expectations()) {
        const who = person();
        const view = await test.request("GET", `/api/companies/${companyId}`, as(who));
        expect([name, view.status]).toEqual([name, expected.view]);
        const invite = await test.request("POST", `/api/companies/${companyId}/invitations`, {
          body: { email: `${crypto.randomUUID()}@example.com`, role: "booker" },
          ...as(who),
        });
        expect([name, invite.status]).toEqual([name, expected.invite]);
        const current = await test.request("GET", `/api/companies/${companyId}`, as(owner));
        const policy = await test.request("PUT", `/api/companies/${companyId}/policy`, { body: current.body.policy, ...as(who) });
        expect([name, policy.status]).toEqual([name, expected.policy]);
        const bookings = await test.request("GET", `/api/companies/${companyId}/bookings`, as(who));
        if (expected.bookings < 0) expect([name, bookings.status]).toEqual([name, 404]);
        else expect([name, (bookings.body as unknown as unknown[]).length]).toEqual([name, expected.bookings]);
        const spend = await test.request("GET", `/api/companies/${companyId}/spend.csv`, as(who));
        expect([name, spend.status]).toEqual([name, expected.spend]);
        // Nobody but an approver of the company reads the booking through the approval route.
        if (name !== "owner" && name !== "administrator") {
          const approve = await test.request("POST", `/api/companies/bookings/${heldBookingId}/approve`, as(who));
          expect([name, approve.status]).toEqual([name, expected.approve]);
        }
        // Another company's bookings are never among this member's.
        const other = await test.request("GET", `/api/companies/${otherCompanyId}/bookings`, as(who));
        if (name !== "another company's owner") expect([name, other.status]).toEqual([name, 404]);
      }
      const status = await test.db.selectFrom("bookings").select("status").where("id", "=", heldBookingId).executeTakeFirstOrThrow();
      expect(status.status).toBe("awaiting_company_approval");
      const audit = await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", companyId).execute();
      expect(new Set(audit.map((entry) => entry.action))).toEqual(
        new Set(["company.create", "company.policy_update", "company.invite", "company.join", "company.member_remove"]),
      );
    });
  });

  it("sends the booking to the firm once the approver approves it; the firm's confirmation issues the invoice", async () => {
    const approved = await test.request("POST", `/api/companies/bookings/${heldBookingId}/approve`, as(approver));
    expect(approved.status).toBe(200);
    const row = await test.db.selectFrom("bookings").select("status").where("id", "=", heldBookingId).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    const audit = await test.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("subject_id", "=", heldBookingId)
      .execute();
    expect(audit).toContainEqual({ action: "booking.company_approve", actor_user_id: approver.user.id });
    const jobs = await test.db.selectFrom("jobs").select("kind").where("payload", "like", `%${heldBookingId}%`).execute();
    expect(jobs.map((job) => job.kind)).toContain("reply-alert");
    await latestQueuedMail(test, assistant.user.email, "booking-confirmation");
    const queue = await test.request("GET", "/api/admin/bookings", as(operator));
    expect((queue.body.bookings as { id: string }[]).map((booking) => booking.id)).toContain(heldBookingId);
    // Decided once: a second answer is refused.
    expect((await test.request("POST", `/api/companies/bookings/${heldBookingId}/approve`, as(approver))).status).toBe(409);

    // The firm confirms; the invoice names the company, its cost centre and its reference.
    expect((await test.request("POST", `/api/admin/bookings/${heldBookingId}/confirm`, { body: {}, ...as(operator) })).status).toBe(200);
    await runDueJobs(test);
    const invoice = await test.db
      .selectFrom("accounting_documents")
      .select(["id", "kind"])
      .where("booking_id", "=", heldBookingId)
      .executeTakeFirstOrThrow();
    expect(invoice.kind).toBe("invoice");
    const text = pdfText((await downloadPdf(test, `/api/invoices/documents/${invoice.id}/pdf`, assistant.cookie)).bytes);
    expect(text).toContain("Lindqvist Säkerhet AB");
    expect(text).toMatch(/Cost centre Board/);
    expect(text).toMatch(/Your reference PO-4711/);
    // The company's administrator reads it too; another company's owner and the other booker do not.
    expect((await downloadPdf(test, `/api/invoices/documents/${invoice.id}/pdf`, administrator.cookie)).status).toBe(200);
    expect((await downloadPdf(test, `/api/invoices/documents/${invoice.id}/pdf`, otherOwner.cookie)).status).toBe(404);
    expect((await downloadPdf(test, `/api/invoices/documents/${invoice.id}/pdf`, otherBooker.cookie)).status).toBe(404);
    const documents = await test.request("GET", `/api/companies/${companyId}/documents`, as(administrator));
    expect(documents.body).toEqual([expect.objectContaining({ id: invoice.id, kind: "invoice", costCentre: "Board" })]);

    // The firm's exports carry the cost centre: a CSV column, and an SIE object of dimension 20.
    const today = operatorToday(new Date());
    const period = `from=${today}&to=${today}`;
    const csv = await (await test.app.request(`/api/admin/invoicing/export.csv?${period}`, as(operator))).text();
    const [header, ...records] = csv.split("\r\n");
    expect(header?.split(",").slice(-2)).toEqual(["cost_centre", "buyer_reference"]);
    expect(
      records
        .find((record) => record.includes(heldBookingId))
        ?.split(",")
        .slice(-2),
    ).toEqual(["Board", "PO-4711"]);
    const sie = new TextDecoder("latin1").decode(
      await (await test.app.request(`/api/admin/invoicing/export.sie?${period}`, as(operator))).arrayBuffer(),
    );
    expect(sie).toContain('#DIM 20 "Kundens kostnadsst');
    expect(sie).toMatch(/#OBJEKT 20 "556012-5790 Board" "Lindqvist S.kerhet AB: Board"/);
    expect(sie).toMatch(/#TRANS 3001 \{20 "556012-5790 Board"\} -\d+\.\d{2}/);

    // Spend by cost centre and month, as CSV through the one writer.
    const spend = await test.app.request(`/api/companies/${companyId}/spend.csv`, as(owner));
    expect(await spend.text()).toMatch(/month,cost_centre,bookings,total_eur\r\n\d{4}-\d{2},Board,1,\d+\.\d{2}/);
  });

  it("lets the booker withdraw a booking that waits for the company; it never reaches the firm", async () => {
    const request = companyBooking(companyId);
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(assistant) })).status).toBe(201);
    const withdrawn = await test.request("POST", `/api/bookings/${request.bookingId}/cancel`, as(assistant));
    expect(withdrawn.status).toBe(200);
    const row = await test.db.selectFrom("bookings").select("status").where("id", "=", request.bookingId).executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled_by_customer");
    expect((await test.request("POST", `/api/companies/bookings/${request.bookingId}/approve`, as(approver))).status).toBe(409);
    expect(await test.db.selectFrom("accounting_documents").select("id").where("booking_id", "=", request.bookingId).execute()).toEqual([]);
  });

  it("ends a booking the approver declines, with its reason, and tells the booker; a delegate decides in the approver's place", async () => {
    const request = companyBooking(companyId);
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(assistant) })).status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const delegated = await test.request("PUT", `/api/companies/${companyId}/delegation`, {
      body: { delegateUserId: otherBooker.user.id, untilDate: today },
      ...as(approver),
    });
    expect(delegated.status).toBe(200);
    const declined = await test.request("POST", `/api/companies/bookings/${request.bookingId}/decline`, {
      body: { reason: "Not in this quarter's budget" },
      ...as(otherBooker),
    });
    expect(declined.status).toBe(200);
    const row = await test.db
      .selectFrom("bookings")
      .select(["status", "decline_reason"])
      .where("id", "=", request.bookingId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "declined_by_company", decline_reason: "Not in this quarter's budget" });
    const mail = await latestQueuedMail(test, assistant.user.email, "company-booking-declined");
    expect(mail.text).toContain("Not in this quarter's budget");
    expect(await test.db.selectFrom("accounting_documents").select("id").where("booking_id", "=", request.bookingId).execute()).toEqual([]);
  });
});
