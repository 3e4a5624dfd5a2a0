import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { bgMaxRecords as record } from "./bgmax.ts";
import { sieText, toCodePage437 } from "./sie.ts";
import { germanCompany, runDueJobs, swedishCompany } from "./test-support.ts";

// ADR 138 and docs/invoices.md "Export": the period's invoices, receipts, credit notes, bank
// payments and card payments, as CSV and as an SIE 4 file that a reader of the format parses:
// #FLAGGA, #SIETYP 4, accounts declared, every #VER's #TRANS rows summing to zero, in code page 437.

type SieFile = { tags: Map<string, string[]>; accounts: Set<number>; verifications: { text: string; rows: [number, number][] }[] };

/** A strict reader of the parts of SIE 4 the file uses (SIE filformat 4B §5, §11). */
function parseSie(bytes: Uint8Array): SieFile {
  const text = decode437(bytes);
  const lines = text.split("\r\n");
  expect(lines.at(-1)).toBe("");
  const tags = new Map<string, string[]>();
  const accounts = new Set<number>();
  const verifications: SieFile["verifications"] = [];
  let open: SieFile["verifications"][number] | null = null;
  for (const line of lines.slice(0, -1)) {
    if (line === "{") {
      expect(open).not.toBeNull();
      continue;
    }
    if (line === "}") {
      expect(open).not.toBeNull();
      verifications.push(open!);
      open = null;
      continue;
    }
    const transaction = /^\s+#TRANS (\d{4}) \{\} (-?\d+\.\d{2})$/.exec(line);
    if (transaction) {
      expect(open).not.toBeNull();
      const account = Number(transaction[1]);
      expect(accounts.has(account)).toBe(true);
      open!.rows.push([account, Math.round(Number(transaction[2]) * 100)]);
      continue;
    }
    const verification = /^#VER "" (\d+) (\d{8}) "((?:[^"\\]|\\.)*)"$/.exec(line);
    if (verification) {
      open = { text: verification[3] ?? "", rows: [] };
      continue;
    }
    const account = /^#KONTO (\d{4}) "((?:[^"\\]|\\.)*)"$/.exec(line);
    if (account) {
      accounts.add(Number(account[1]));
      continue;
    }
    const tag = /^(#[A-Z]+)(?: (.*))?$/.exec(line);
    expect(tag, `line "${line}"`).not.toBeNull();
    tags.set(tag![1]!, [...(tags.get(tag![1]!) ?? []), tag![2] ?? ""]);
  }
  expect(open).toBeNull();
  return { tags, accounts, verifications };
}

const table437: Record<number, string> = { 0x84: "ä", 0x86: "å", 0x94: "ö", 0x8e: "Ä", 0x8f: "Å", 0x99: "Ö", 0x81: "ü", 0x82: "é" };
function decode437(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => (byte < 0x80 ? String.fromCharCode(byte) : (table437[byte] ?? "\u0000"))).join("");
}

describe("SIE text fields", () => {
  it("quotes and escapes, and writes Swedish letters in code page 437", () => {
    expect(sieText('Lind "AB"')).toBe('"Lind \\"AB\\""');
    expect(sieText("a\nb")).toBe('"a b"');
    expect(Array.from(toCodePage437("Försäljning åÅäÄöÖ"))).toEqual([
      0x46, 0x94, 0x72, 0x73, 0x84, 0x6c, 0x6a, 0x6e, 0x69, 0x6e, 0x67, 0x20, 0x86, 0x8f, 0x84, 0x8e, 0x94, 0x99,
    ]);
  });
});

describeEachEngine("the accounting exports", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });

  async function invoicedBooking(company: typeof swedishCompany) {
    const customer = await createSignedInUser(test);
    await test.request("PUT", "/api/invoices/business", { body: company, ...as(customer.cookie) });
    await test.request("POST", `/api/admin/invoicing/business-accounts/${customer.user.id}/decision`, {
      body: { decision: "approved" },
      ...as(operator.cookie),
    });
    const request = bookingRequest();
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) })).status).toBe(201);
    expect((await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie))).status).toBe(200);
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runDueJobs(test);
    return request.bookingId;
  }

  async function cardBookingPaidAndPartlyRefunded() {
    const customer = await createSignedInUser(test);
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    const day = addDays(operatorToday(new Date()), 3);
    const request = {
      ...bookingRequest(),
      startDate: day,
      endDate: day,
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) })).status).toBe(201);
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runDueJobs(test);
    const refund = await test.request("POST", `/api/admin/bookings/${request.bookingId}/refunds`, {
      body: { amountCents: 2_500, reason: "One night shortened" },
      ...as(operator.cookie),
    });
    expect(refund.status).toBe(202);
    await runDueJobs(test);
    return request.bookingId;
  }

  it("writes the period as SIE 4 with balanced verifications on BAS accounts, and as CSV with the card payments", async () => {
    const swedish = await invoicedBooking(swedishCompany);
    await invoicedBooking(germanCompany);
    const card = await cardBookingPaidAndPartlyRefunded();
    const [invoice] = await test.db
      .selectFrom("accounting_documents")
      .select(["ocr_reference", "total_cents"])
      .where("booking_id", "=", swedish)
      .execute();
    const payment = { reference: invoice!.ocr_reference ?? "", amountCents: Number(invoice!.total_cents) };
    const today = operatorToday(new Date());
    const bgmax = [
      record.opening(),
      record.section("5050-1055"),
      record.payment({ ...payment, serial: "1" }),
      record.payment({ reference: "9999999999", amountCents: 1_000, serial: "2" }),
      record.deposit({ date: today, amountCents: payment.amountCents + 1_000, count: 2 }),
      record.end({ payments: 2, deposits: 1 }),
    ].join("\r\n");
    const uploaded = await test.app.request("/api/admin/invoicing/bgmax", {
      method: "POST",
      body: bgmax,
      headers: { cookie: operator.cookie, "Content-Type": "text/plain", "X-File-Name": "bgmax.txt" },
    });
    expect(uploaded.status).toBe(201);

    const period = `from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
    const response = await test.app.request(`/api/admin/invoicing/export.sie?${period}`, as(operator.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="nordic-shield-.*\.se"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const sie = parseSie(bytes);
    expect(sie.tags.get("#FLAGGA")).toEqual(["0"]);
    expect(sie.tags.get("#SIETYP")).toEqual(["4"]);
    expect(sie.tags.get("#FORMAT")).toEqual(["PC8"]);
    expect(sie.tags.get("#VALUTA")).toEqual(["EUR"]);
    // Made today in Stockholm, as the file's dates are (ADR 050), also after 23:00 UTC.
    expect(sie.tags.get("#GEN")).toEqual([operatorToday(new Date()).replaceAll("-", "")]);
    expect(sie.tags.get("#ORGNR")).toEqual(["559123-4561"]);
    expect(sie.tags.get("#FNAMN")).toEqual(['"Nordic Shield Security AB"']);
    // Swedish letters are written in code page 437, not UTF-8.
    expect(decode437(bytes)).toContain('#KONTO 3001 "Försäljning inom Sverige, 25 % moms"');
    expect(Buffer.from(bytes).includes(Buffer.from("Försäljning", "utf8"))).toBe(false);

    const byText = (prefix: string) => sie.verifications.filter((verification) => verification.text.startsWith(prefix));
    for (const verification of sie.verifications) {
      expect(verification.rows.length).toBeGreaterThanOrEqual(2);
      expect(
        verification.rows.reduce((sum, [, cents]) => sum + cents, 0),
        verification.text,
      ).toBe(0);
    }
    const accountsOf = (verification: SieFile["verifications"][number]) => verification.rows.map(([account]) => account).sort();
    const invoices = byText("Faktura ");
    expect(invoices.map(accountsOf)).toEqual(
      expect.arrayContaining([
        [1510, 2611, 3001],
        [1510, 3308],
      ]),
    );
    const [receipt] = byText("Kvitto ");
    expect(accountsOf(receipt!)).toEqual([1580, 2611, 3001]);
    const [creditNote] = byText("Kreditnota ");
    // A refund of a card payment reverses the card settlement: 25.00 back, sales and VAT debited.
    expect(creditNote!.rows.find(([account]) => account === 1580)?.[1]).toBe(-2_500);
    expect(byText("Bankgiro faktura ").map(accountsOf)).toEqual([[1510, 1930]]);
    expect(byText("Bankgiro 9999999999").map(accountsOf)).toEqual([[1930, 2890]]);

    const csv = await test.app.request(`/api/admin/invoicing/export.csv?${period}`, as(operator.cookie));
    const rows = (await csv.text()).split("\r\n").filter(Boolean);
    const cardRows = rows.filter((row) => row.startsWith("card-payment,") && row.includes(card));
    expect(cardRows).toHaveLength(2);
    expect(cardRows.some((row) => row.includes(",refunded,") && row.includes(",-25.00,-2500,"))).toBe(true);

    // Customers cannot export; a reversed period is refused.
    const customer = await createSignedInUser(test);
    expect((await test.app.request(`/api/admin/invoicing/export.sie?${period}`, as(customer.cookie))).status).toBe(403);
    expect(
      (await test.app.request(`/api/admin/invoicing/export.sie?from=${today}&to=${addDays(today, -1)}`, as(operator.cookie))).status,
    ).toBe(400);
  }, 60_000);
});
