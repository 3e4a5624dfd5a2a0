import { afterAll, beforeAll, expect, it } from "vitest";
import { isValidOcrReference } from "../../../shared/accounting-identifiers.ts";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { downloadDataExport } from "../../test-support/data-export.ts";
import { auditActions, createStaff, insertBooking } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { bgMaxRecords as record } from "./bgmax.ts";
import { issueDocument } from "./documents-service.ts";
import { downloadPdf, germanCompany, pdfText, runDueJobs, swedishCompany } from "./test-support.ts";

// docs/invoices.md through the API on both engines: a company is approved for invoice payment, a
// booking paid by invoice gets its invoice when the operator confirms it, the PDF says what the law
// asks (read back with pdftotext), numbers have no gap under concurrency, the bank's BgMax file
// marks invoices paid, documents outlive the account without the person, and only those who may
// view the booking may read its documents.

describeEachEngine("invoices and accounting documents", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });

  async function approvedCompany(company: typeof swedishCompany, language: "en" | "sv" = "en") {
    const customer = await createSignedInUser(test, { language });
    const saved = await test.request("PUT", "/api/invoices/business", { body: company, ...as(customer.cookie) });
    expect(saved.status).toBe(200);
    const decided = await test.request("POST", `/api/admin/invoicing/business-accounts/${customer.user.id}/decision`, {
      body: { decision: "approved" },
      ...as(operator.cookie),
    });
    expect(decided.status).toBe(200);
    return customer;
  }

  async function bookByInvoice(customer: { cookie: string }, language: "en" | "sv" = "en") {
    const request = { ...bookingRequest(), language };
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) })).status).toBe(201);
    const chosen = await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie));
    expect(chosen.status).toBe(200);
    return request.bookingId;
  }

  async function confirmAndIssue(bookingId: string) {
    const confirmed = await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, { body: {}, ...as(operator.cookie) });
    expect(confirmed.status).toBe(200);
    await runDueJobs(test);
    const listed = await test.request("GET", `/api/invoices/bookings/${bookingId}/documents`, as(operator.cookie));
    // The operator's own dashboard route answers 200 for staff too (the access policy lets staff view).
    expect(listed.status).toBe(200);
    const documents = listed.body.documents as {
      id: string;
      number: number;
      kind: string;
      ocrReference: string;
      totalCents: number;
      vatCents: number;
      status: string;
    }[];
    return documents;
  }

  it("keeps the company's fields, refuses wrong numbers without saving, and lets only an approved company pay by invoice", async () => {
    const customer = await createSignedInUser(test);
    const wrong = await test.request("PUT", "/api/invoices/business", {
      body: { ...swedishCompany, organisationNumber: "556012-5791", vatNumber: "SE556012579101" },
      ...as(customer.cookie),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.fields?.vatNumber).toMatch(/VAT number/);
    expect((await test.request("GET", "/api/invoices/business", as(customer.cookie))).body.business).toBeNull();

    const saved = await test.request("PUT", "/api/invoices/business", { body: swedishCompany, ...as(customer.cookie) });
    expect(saved.body.business).toMatchObject({
      organisationNumber: "556012-5790",
      vatNumber: "SE556012579001",
      status: "pending",
      reverseCharge: false,
      buyerVat: "consumer",
    });

    const request = bookingRequest();
    await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    const early = await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie));
    expect(early.status).toBe(403);

    const pending = await test.request("GET", "/api/admin/invoicing/business-accounts?status=pending", as(operator.cookie));
    expect((pending.body.accounts as { userId: string }[]).some((account) => account.userId === customer.user.id)).toBe(true);
    // A customer cannot approve anyone.
    const selfApproval = await test.request("POST", `/api/admin/invoicing/business-accounts/${customer.user.id}/decision`, {
      body: { decision: "approved" },
      ...as(customer.cookie),
    });
    expect(selfApproval.status).toBe(403);
    await test.request("POST", `/api/admin/invoicing/business-accounts/${customer.user.id}/decision`, {
      body: { decision: "approved" },
      ...as(operator.cookie),
    });
    expect(await auditActions(test, customer.user.id)).toContain("business.invoice_approve");

    const other = await createSignedInUser(test);
    expect((await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(other.cookie))).status).toBe(404);
    expect((await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie))).status).toBe(200);
    expect((await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie))).status).toBe(200);

    // A new organisation number is another company: the approval starts again.
    const changed = await test.request("PUT", "/api/invoices/business", {
      body: { ...swedishCompany, organisationNumber: "559123-4561", vatNumber: "SE559123456101" },
      ...as(customer.cookie),
    });
    expect(changed.body.business).toMatchObject({ status: "pending" });
  });

  it("moves a booking whose total a card holds to invoice by releasing the hold, so nothing is paid twice (ADR 221)", async () => {
    const customer = await approvedCompany(swedishCompany);
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    expect(card.status).toBe(201);
    const day = addDays(operatorToday(new Date()), 3);
    const request = {
      ...bookingRequest(),
      startDate: day,
      endDate: day,
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    const chosen = await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie));
    expect(chosen.status).toBe(200);
    expect(await test.db.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "=", request.bookingId).execute()).toEqual(
      [{ booking_id: request.bookingId }],
    );
    await runDueJobs(test);
    const booking = await test.db
      .selectFrom("bookings")
      .select("payment_status")
      .where("id", "=", request.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.payment_status).toBe("invoice");
  });

  it("issues the invoice on confirmation, mails it as a PDF, and the PDF holds the number, OCR, Bankgiro, VAT lines and totals (English)", async () => {
    const customer = await approvedCompany(swedishCompany);
    const bookingId = await bookByInvoice(customer);
    const [invoice, ...rest] = await confirmAndIssue(bookingId);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", status: "unpaid" });
    expect(isValidOcrReference(invoice!.ocrReference)).toBe(true);

    const pdf = await downloadPdf(test, `/api/invoices/documents/${invoice!.id}/pdf`, customer.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.disposition).toContain(`invoice-${invoice!.number}.pdf`);
    const text = pdfText(pdf.bytes);
    const booking = await test.db
      .selectFrom("bookings")
      .select(["price", "vat_cents"])
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    const euros = (cents: number) => `€${(cents / 100).toLocaleString("en-GB", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
    expect(text).toContain(`Invoice ${invoice!.number}`);
    expect(text).toContain(invoice!.ocrReference);
    expect(text).toContain("5050-1055");
    expect(text).toContain("Lindqvist Säkerhet AB");
    expect(text).toContain("SE556012579001");
    expect(text).toContain("SE559123456101");
    expect(text).toContain("VAT 25 %");
    expect(text).toContain(euros(Number(booking.vat_cents)));
    expect(text).toMatch(new RegExp(`Total\\s+${euros(Number(booking.price)).replace(/[.$]/g, "\\$&")}`));
    expect(text).not.toContain("Omvänd betalningsskyldighet");
    expect(text).toMatch(/Due date:\s+\w{3}, \d{1,2} \w{3} \d{4}/);

    const mail = await test.db
      .selectFrom("outbox")
      .select(["subject", "attachments", "job_status", "last_error"])
      .where("recipient", "=", customer.user.email)
      .where("kind", "=", "accounting-document")
      .executeTakeFirstOrThrow();
    expect(mail.last_error).toBeNull();
    expect(mail.subject).toBe(`Invoice ${invoice!.number} from Nordic Shield`);
    const [attachment] = JSON.parse(mail.attachments ?? "[]") as { filename: string; content: string }[];
    expect(attachment?.filename).toBe(`invoice-${invoice!.number}.pdf`);
    expect(pdfText(Buffer.from(attachment!.content, "base64"))).toContain(invoice!.ocrReference);
  });

  it("writes a Swedish invoice to an EU company with no Swedish VAT and the words Omvänd betalningsskyldighet", async () => {
    const customer = await approvedCompany(germanCompany, "sv");
    const bookingId = await bookByInvoice(customer, "sv");
    const [invoice] = await confirmAndIssue(bookingId);
    expect(invoice).toMatchObject({ vatCents: 0 });
    const booking = await test.db
      .selectFrom("bookings")
      .select(["price", "vat_cents"])
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    // Reverse charged: the buyer pays the price without Swedish VAT.
    expect(invoice!.totalCents).toBe(Number(booking.price) - Number(booking.vat_cents));
    const text = pdfText((await downloadPdf(test, `/api/invoices/documents/${invoice!.id}/pdf`, customer.cookie)).bytes);
    expect(text).toContain(`Faktura ${invoice!.number}`);
    expect(text).toContain("Omvänd betalningsskyldighet");
    expect(text).toContain("Moms 0 %");
    expect(text).not.toContain("Moms 25 %");
    expect(text).toContain("Förfallodag");
    expect(text).toContain("DE123456789");
    expect(text).toContain("Müller Schutz GmbH");
    expect(text).toContain("Att betala");
  });

  it("lets the owner and staff read a document, and tells anyone else it does not exist", async () => {
    const customer = await approvedCompany(swedishCompany);
    const [invoice] = await confirmAndIssue(await bookByInvoice(customer));
    const other = await createSignedInUser(test);
    expect((await downloadPdf(test, `/api/invoices/documents/${invoice!.id}/pdf`, other.cookie)).status).toBe(404);
    expect((await test.request("GET", `/api/invoices/bookings/${invoice!.id}/documents`, as(other.cookie))).status).toBe(404);
    expect((await downloadPdf(test, `/api/admin/invoicing/documents/${invoice!.id}/pdf`, operator.cookie)).status).toBe(200);
    expect((await downloadPdf(test, `/api/admin/invoicing/documents/${invoice!.id}/pdf`, customer.cookie)).status).toBe(403);
  });

  it("issues receipts and credit notes from the job's payload alone, refusing a credit above what was charged", async () => {
    const customer = await createSignedInUser(test, { language: "sv" });
    const bookingId = await insertBooking(test, {
      userId: customer.user.id,
      startDate: addDays(operatorToday(new Date()), 20),
      status: "confirmed",
      priceCents: 150_000,
      language: "sv",
    });
    const issue = (payload: Parameters<typeof issueDocument>[2]) => issueDocument(test.db, test.deps.env, payload, new Date());
    const receipt = await issue({ bookingId, kind: "receipt", paymentEventId: "event-capture-1", amountCents: 120_000 });
    expect(receipt.created).toBe(true);
    expect((await issue({ bookingId, kind: "receipt", paymentEventId: "event-capture-1", amountCents: 120_000 })).document.number).toBe(
      receipt.document.number,
    );
    const receiptText = pdfText((await downloadPdf(test, `/api/invoices/documents/${receipt.document.id}/pdf`, customer.cookie)).bytes);
    expect(receiptText).toContain(`Kvitto ${receipt.document.number}`);
    expect(receiptText).toContain("1 200 €");
    expect(receiptText).toContain("240 €");
    const credit = await issue({
      bookingId,
      kind: "credit-note",
      paymentEventId: "event-refund-1",
      amountCents: 20_000,
      reason: "Kortare uppdrag",
    });
    const creditText = pdfText((await downloadPdf(test, `/api/invoices/documents/${credit.document.id}/pdf`, customer.cookie)).bytes);
    expect(creditText).toContain(`Kreditfaktura ${credit.document.number}`);
    expect(creditText).toMatch(new RegExp(`Avser:\\s+${receipt.document.number}\\b`));
    expect(creditText).toContain("Kortare uppdrag");
    await expect(issue({ bookingId, kind: "credit-note", paymentEventId: "event-refund-2", amountCents: 100_001 })).rejects.toThrow(
      /more than the booking was charged/,
    );
  });

  it("credits the invoice when the operator cancels the booking, and issues a receipt queued as a documents.issue job", async () => {
    const customer = await approvedCompany(swedishCompany);
    const bookingId = await bookByInvoice(customer);
    const [invoice] = await confirmAndIssue(bookingId);
    const cancelled = await test.request("POST", `/api/admin/bookings/${bookingId}/cancel`, {
      body: { reason: "Event called off" },
      ...as(operator.cookie),
    });
    expect(cancelled.status).toBe(200);
    await runDueJobs(test);
    const listed = await test.request("GET", `/api/invoices/bookings/${bookingId}/documents`, as(customer.cookie));
    const documents = listed.body.documents as { kind: string; totalCents: number; status: string | null; number: number }[];
    expect(documents.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
    expect(documents[1]!.totalCents).toBe(invoice!.totalCents);
    expect(documents[0]!.status).toBe("credited");

    // The card flow's way: a job with the payment event and the captured amount alone.
    const paid = await insertBooking(test, {
      userId: customer.user.id,
      startDate: addDays(operatorToday(new Date()), 15),
      status: "confirmed",
      priceCents: 80_000,
    });
    await enqueueJob(test.db, {
      kind: "documents.issue",
      payload: { bookingId: paid, kind: "receipt", paymentEventId: "capture-77", amountCents: 80_000 },
      referenceKey: `documents:${paid}`,
    });
    await enqueueJob(test.db, {
      kind: "documents.issue",
      payload: { bookingId: paid, kind: "receipt", paymentEventId: "capture-77", amountCents: 80_000 },
      referenceKey: `documents:${paid}`,
    });
    await runDueJobs(test);
    const receipts = await test.db
      .selectFrom("accounting_documents")
      .select(["kind", "total_cents"])
      .where("booking_id", "=", paid)
      .execute();
    expect(receipts).toEqual([{ kind: "receipt", total_cents: 80_000 }]);
    const mail = await test.db
      .selectFrom("outbox")
      .select(["subject"])
      .where("recipient", "=", customer.user.email)
      .where("kind", "=", "accounting-document")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^Receipt \d+ from Nordic Shield$/);
  });

  it("numbers 50 concurrent documents without a gap or a duplicate, and a cause issued twice at once gives one document", async () => {
    const customer = await createSignedInUser(test);
    const start = addDays(operatorToday(new Date()), 10);
    const bookings = await Promise.all(
      Array.from({ length: 50 }, () => insertBooking(test, { userId: customer.user.id, startDate: start, status: "confirmed" })),
    );
    const before = Number((await test.db.selectFrom("document_series").select("last_number").executeTakeFirstOrThrow()).last_number);
    const issued = await Promise.all(
      bookings.map((bookingId) => issueDocument(test.db, test.deps.env, { bookingId, kind: "invoice" }, new Date())),
    );
    const numbers = issued.map((result) => Number(result.document.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => before + 1 + index));
    const twice = await Promise.all(
      Array.from({ length: 5 }, () =>
        issueDocument(test.db, test.deps.env, { bookingId: bookings[0]!, kind: "receipt", paymentEventId: "same-event" }, new Date()),
      ),
    );
    expect(new Set(twice.map((result) => result.document.id)).size).toBe(1);
    const all = (await test.db.selectFrom("accounting_documents").select("number").orderBy("number").execute()).map((row) =>
      Number(row.number),
    );
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });

  it("reconciles a BgMax file: a matching payment marks the invoice Paid, partial, overpaid and unknown ones are listed", async () => {
    const customer = await approvedCompany(swedishCompany);
    const invoices = [];
    for (let index = 0; index < 3; index += 1) invoices.push((await confirmAndIssue(await bookByInvoice(customer)))[0]!);
    const [exact, partly, over] = invoices;
    const payments = [
      { reference: exact!.ocrReference, amountCents: exact!.totalCents },
      { reference: partly!.ocrReference, amountCents: partly!.totalCents - 10_000 },
      { reference: over!.ocrReference, amountCents: over!.totalCents + 500 },
      { reference: "9999999999", amountCents: 12_345 },
    ];
    const depositCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    const file = [
      record.opening(),
      record.section("5050-1055"),
      ...payments.map((payment, index) => record.payment({ ...payment, serial: String(index + 1) })),
      record.deposit({ date: "2026-12-01", amountCents: depositCents, count: payments.length }),
      record.end({ payments: payments.length, deposits: 1 }),
    ].join("\r\n");
    const upload = (body: string) =>
      test.app.request("/api/admin/invoicing/bgmax", {
        method: "POST",
        body,
        headers: { cookie: operator.cookie, "Content-Type": "text/plain", "X-File-Name": "bgmax.txt" },
      });

    const broken = await upload(
      file.replace(record.end({ payments: payments.length, deposits: 1 }), record.end({ payments: 9, deposits: 1 })),
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(/Line 8: The end record counts 9 payments/);
    expect(await test.countRows("bank_payments")).toBe(0);

    const imported = await upload(file);
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ payments: 4, matched: 1, partial: 1, overpaid: 1, unknown: 1 });
    expect((await upload(file)).status).toBe(409);

    const statusOf = async (id: string) =>
      (await test.db.selectFrom("accounting_documents").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    expect(await statusOf(exact!.id)).toBe("paid");
    expect(await statusOf(partly!.id)).toBe("partly-paid");
    expect(await statusOf(over!.id)).toBe("overpaid");
    // The booking's payment status follows from its invoice, through the ledger's one writer (ADR 262).
    const paymentStatusOf = async (documentId: string) =>
      (
        await test.db
          .selectFrom("bookings")
          .innerJoin("accounting_documents", "accounting_documents.booking_id", "bookings.id")
          .select("bookings.payment_status")
          .where("accounting_documents.id", "=", documentId)
          .executeTakeFirstOrThrow()
      ).payment_status;
    expect(await paymentStatusOf(exact!.id)).toBe("invoice_paid");
    expect(await paymentStatusOf(partly!.id)).toBe("invoice");
    expect(await paymentStatusOf(over!.id)).toBe("invoice_paid");
    const open = await test.request("GET", "/api/admin/invoicing/bank-payments?filter=open", as(operator.cookie));
    const outcomes = (open.body.payments as { outcome: string; reference: string; id: string }[]).map((payment) => payment.outcome).sort();
    expect(outcomes).toEqual(["overpaid", "partial", "unknown"]);
    const unknown = (open.body.payments as { outcome: string; id: string }[]).find((payment) => payment.outcome === "unknown")!;
    const resolved = await test.request("POST", `/api/admin/invoicing/bank-payments/${unknown.id}/resolve`, {
      body: { note: "Paid back to the sender" },
      ...as(operator.cookie),
    });
    expect(resolved.status).toBe(200);
    expect(await auditActions(test, unknown.id)).toContain("bank_payment.resolve");

    const today = operatorToday(new Date());
    const csv = await test.app.request(`/api/admin/invoicing/export.csv?from=${addDays(today, -1)}&to=2026-12-31`, {
      headers: { cookie: operator.cookie },
    });
    const csvText = await csv.text();
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csvText).toContain(`document,${exact!.number},invoice`);
    expect(csvText).toContain(`bank-payment,${exact!.number},payment,2026-12-01`);
    expect(csvText).toContain("9999999999");
  });

  it("keeps the documents when the account is deleted, without the person's name or e-mail, and lists them in the data export", async () => {
    const customer = await createSignedInUser(test, { fullName: "Greta Persson", password: "Harbour-Lantern-42" });
    await test.request("PUT", "/api/invoices/business", { body: swedishCompany, ...as(customer.cookie) });
    const bookingId = await insertBooking(test, {
      userId: customer.user.id,
      customerName: "Greta Persson",
      startDate: addDays(operatorToday(new Date()), -30),
      status: "completed",
    });
    const { document } = await issueDocument(test.db, test.deps.env, { bookingId, kind: "invoice" }, new Date());
    const exported = await downloadDataExport(test, customer.cookie);
    expect(exported.data.bookings.flatMap((row) => row.documents).map((row) => row.number)).toEqual([Number(document.number)]);
    expect(exported.data.company).toMatchObject({ companyName: "Lindqvist Säkerhet AB" });
    const deleted = await test.request("POST", "/api/account/security/delete-account", {
      body: { password: "Harbour-Lantern-42" },
      ...as(customer.cookie),
    });
    expect(deleted.status).toBe(200);
    const kept = await test.db.selectFrom("accounting_documents").selectAll().where("id", "=", document.id).executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
    expect(kept.buyer).not.toContain("Greta");
    expect(kept.buyer).not.toContain(customer.user.email);
    expect(
      await test.db.selectFrom("business_accounts").select("user_id").where("user_id", "=", customer.user.id).executeTakeFirst(),
    ).toBeUndefined();
    const text = pdfText((await downloadPdf(test, `/api/admin/invoicing/documents/${document.id}/pdf`, operator.cookie)).bytes);
    expect(text).toContain(`Invoice ${document.number}`);
    expect(text).toContain("Lindqvist Säkerhet AB");
    expect(text).toContain("556012-5790");
    expect(text).not.toContain("Greta");
  });
});
