import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { BookingView } from "../../../shared/booking.ts";
import { formatMoney, vatOfInclusive } from "../../../shared/money.ts";
import { operatorToday } from "../../../shared/time.ts";
import type { MailKind } from "../../mail/registry.ts";
import { queuedMails } from "../../test-support/queued-mail.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { approvedCompany, downloadPdf, germanCompany, pdfText, runDueJobs } from "./test-support.ts";

// ADR 246 through the API on both engines: what a buyer reads about the price of a booking — its
// mails' text parts and its documents' PDFs (pdftotext) — carries the VAT words of the buyer it was
// priced for (ADR 222): "incl. VAT" and the VAT part for a consumer, the net amount with the
// reverse-charge words for an approved German company, and the supply outside Sweden for a buyer
// outside the EU. A total an operator set by hand and the customer approved (docs/money.md rule 4)
// is named as the agreed price adjustment in the change and decision mails, and each receipt names
// what it pays, in net amounts for the company.

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;
type Language = "en" | "sv";

const adjustmentCents = 30_200;

describeEachEngine("the VAT words a buyer reads", (engine) => {
  let test: TestApp;
  let operator: Customer;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const mails = (customer: Customer, kind: MailKind) => queuedMails(test, customer.user.email, kind);

  /**
   * A card booking held at booking, a quote version at booked + €302 set by hand that the customer
   * approves, then the operator's confirmation: the two captures' receipts are issued and mailed.
   */
  async function bookedAdjustedAndConfirmed(customer: Customer, language: Language) {
    const as = { headers: { cookie: customer.cookie } };
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      ...as,
    });
    const startDate = addDays(operatorToday(new Date()), 3);
    const services = [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }];
    const request = {
      ...bookingRequest(),
      startDate,
      endDate: addDays(startDate, 1),
      services,
      language,
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    const quote = await test.request("POST", "/api/bookings/quote", { body: request, ...as });
    const created = await test.request("POST", "/api/bookings", { body: request, ...as });
    expect(created.status).toBe(201);
    const booked = created.body as unknown as BookingView;
    // The confirmation mail is sent at once; the later steps are read after the confirmation.
    const [confirmation] = await mails(customer, "booking-confirmation");
    const proposed = await test.request("POST", `/api/admin/bookings/${request.bookingId}/versions`, {
      body: {
        startDate,
        endDate: addDays(startDate, 1),
        services,
        adjustedTotal: (booked.totalCents + adjustmentCents) / 100,
        reason: "Armoured car",
      },
      headers: { cookie: operator.cookie },
    });
    expect(proposed.status).toBe(201);
    const changes = await test.request("GET", `/api/bookings/${request.bookingId}/changes`, as);
    const version = (changes.body.versions as { id: string; number: number }[]).at(-1);
    expect((await test.request("POST", `/api/bookings/${request.bookingId}/versions/${version?.id}/approve`, as)).status).toBe(200);
    return { request, booked, confirmation, catalogueCents: Number(quote.body.totalCents) };
  }

  async function confirm(bookingId: string) {
    const confirmed = await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, {
      body: {},
      headers: { cookie: operator.cookie },
    });
    expect(confirmed.status).toBe(200);
    await runDueJobs(test);
  }

  /** The booking's documents, with their PDFs' text (drawing order, spaces folded). */
  async function documents(customer: Customer, bookingId: string) {
    const listed = await test.request("GET", `/api/invoices/bookings/${bookingId}/documents`, { headers: { cookie: customer.cookie } });
    // The booking as booked first, then the agreed adjustment, whichever capture's receipt was numbered first.
    const rows = (listed.body.documents as { id: string; number: number; kind: string; totalCents: number; vatCents: number }[]).toSorted(
      (a, b) => Number(a.totalCents === adjustmentCents) - Number(b.totalCents === adjustmentCents),
    );
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        text: pdfText((await downloadPdf(test, `/api/invoices/documents/${row.id}/pdf`, customer.cookie)).bytes, { raw: true }).replace(
          /\s+/g,
          " ",
        ),
      })),
    );
  }

  it("a consumer reads 'incl. VAT' and the VAT part everywhere, the agreed adjustment as its own line, and receipts that name what they pay", async () => {
    const customer = await createSignedInUser(test, { language: "en" });
    const { request, booked, confirmation, catalogueCents } = await bookedAdjustedAndConfirmed(customer, "en");
    expect(booked).toMatchObject({ buyerVat: "consumer", totalCents: catalogueCents, vatCents: vatOfInclusive(catalogueCents) });
    await confirm(request.bookingId);
    const reference = request.bookingId.slice(0, 8).toUpperCase();
    const total = booked.totalCents + adjustmentCents;

    expect(confirmation?.text).toContain(`Quoted total (incl. VAT): ${formatMoney(booked.totalCents, "en")}`);
    expect(confirmation?.text).toContain(`of which VAT 25%: ${formatMoney(booked.vatCents, "en")}`);

    const changed = (await mails(customer, "booking-change")).map((mail) => mail.text).join("\n");
    expect(changed).toContain(`${formatMoney(total, "en")} incl. VAT · Agreed price adjustment +€302`);

    const [decision] = await mails(customer, "booking-decision");
    expect(decision?.text).toContain(
      `Total (incl. VAT): ${formatMoney(total, "en")} (of which VAT 25%: ${formatMoney(vatOfInclusive(total), "en")})`,
    );
    expect(decision?.text).toContain("Agreed price adjustment: +€302");

    const receipts = await mails(customer, "accounting-document");
    // The two captures' receipts may be issued in either order: each is found by what it pays.
    expect(receipts).toHaveLength(2);
    expect(receipts.map((mail) => mail.text)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          `Paid: ${formatMoney(booked.totalCents, "en")} (incl. VAT).\nFor: Payment for booking ${reference}: services as booked.`,
        ),
        expect.stringContaining("Paid: €302 (incl. VAT).\nFor: Additional payment: approved change of quote v2."),
      ]),
    );
    expect(receipts.find((mail) => mail.text.includes("€302"))?.text).toContain(
      `of which VAT 25%: ${formatMoney(vatOfInclusive(adjustmentCents), "en")}`,
    );

    const [first, second] = await documents(customer, request.bookingId);
    expect(first).toMatchObject({ kind: "receipt", totalCents: booked.totalCents });
    expect(first?.text).toContain(`Payment for booking ${reference}: services as booked`);
    expect(second).toMatchObject({ kind: "receipt", totalCents: adjustmentCents, vatCents: vatOfInclusive(adjustmentCents) });
    expect(second?.text).toContain("Additional payment: approved change of quote v2");
    expect(second?.text).toContain("VAT 25 %");
    expect(second?.text).not.toContain("Reverse charge");
  });

  describe.each(["en", "sv"] as const)("an approved German company (%s)", (language) => {
    const words = {
      en: {
        quotedTotal: "Quoted total (excl. VAT)",
        reverseCharge: "No Swedish VAT: reverse charge, the buyer accounts for the VAT (Article 196, Directive 2006/112/EC)",
        note: "excl. VAT · reverse charge",
        adjustment: "Agreed price adjustment +€302",
        decisionTotal: "Total (excl. VAT)",
        decisionAdjustment: "Agreed price adjustment: +€302",
        paid: "Paid",
        for: "For",
        asBooked: "Payment for booking {{reference}}: services as booked",
        additional: "Additional payment: approved change of quote v2",
        pdfReverseCharge: "Reverse charge: VAT to be accounted for by the buyer",
        included: ["incl. VAT", "of which VAT", "25%"],
      },
      sv: {
        quotedTotal: "Offererat totalpris (exkl. moms)",
        reverseCharge: "Ingen svensk moms: omvänd betalningsskyldighet, köparen redovisar momsen (artikel 196, direktiv 2006/112/EG)",
        note: "exkl. moms · omvänd betalningsskyldighet",
        adjustment: "Överenskommen prisjustering +302\u00a0€",
        decisionTotal: "Totalt (exkl. moms)",
        decisionAdjustment: "Överenskommen prisjustering: +302\u00a0€",
        paid: "Betalt",
        for: "Avser",
        asBooked: "Betalning för bokning {{reference}}: tjänsterna enligt bokningen",
        additional: "Tilläggsbetalning: godkänd ändring av offert v2",
        pdfReverseCharge: "Köparen redovisar mervärdesskatten",
        included: ["inkl. moms", "varav moms", "25 %"],
      },
    }[language];

    it("reads the net amounts with the reverse-charge words in every mail and document, the adjustment net too", async () => {
      const customer = await approvedCompany(test, operator.cookie, germanCompany, { language });
      const { request, booked, confirmation, catalogueCents } = await bookedAdjustedAndConfirmed(customer, language);
      const net = catalogueCents - vatOfInclusive(catalogueCents);
      expect(booked).toMatchObject({ buyerVat: "eu_reverse_charge", totalCents: net, vatCents: 0 });
      await confirm(request.bookingId);
      const reference = request.bookingId.slice(0, 8).toUpperCase();
      const total = net + adjustmentCents;
      const money = (cents: number) => formatMoney(cents, language);

      expect(confirmation?.text).toContain(`${words.quotedTotal}: ${money(net)}`);
      expect(confirmation?.text).toContain(words.reverseCharge);
      expect(confirmation?.html).toContain(words.quotedTotal.toUpperCase());
      const changed = (await mails(customer, "booking-change")).map((mail) => mail.text).join("\n");
      expect(changed).toContain(`${money(total)} ${words.note} · ${words.adjustment}`);
      const [decision] = await mails(customer, "booking-decision");
      expect(decision?.text).toContain(`${words.decisionTotal}: ${money(total)} (${words.reverseCharge})`);
      expect(decision?.text).toContain(words.decisionAdjustment);
      const receipts = await mails(customer, "accounting-document");
      // The two captures' receipts may be issued in either order: each is found by what it pays.
      expect(receipts).toHaveLength(2);
      expect(receipts.map((mail) => mail.text)).toEqual(
        expect.arrayContaining([
          expect.stringContaining(
            `${words.paid}: ${money(net)} (${words.note}).\n${words.for}: ${words.asBooked.replace("{{reference}}", reference)}.\n${words.reverseCharge}`,
          ),
          expect.stringContaining(`${words.paid}: ${money(adjustmentCents)} (${words.note}).\n${words.for}: ${words.additional}.`),
        ]),
      );
      for (const mail of [confirmation, decision, ...receipts]) {
        for (const included of words.included) expect(mail?.text).not.toContain(included);
      }

      const [first, second] = await documents(customer, request.bookingId);
      expect(first).toMatchObject({ kind: "receipt", totalCents: net, vatCents: 0 });
      expect(first?.text).toContain(words.asBooked.replace("{{reference}}", reference));
      expect(second).toMatchObject({ kind: "receipt", totalCents: adjustmentCents, vatCents: 0 });
      expect(second?.text).toContain(words.additional);
      for (const document of [first, second]) {
        expect(document?.text).toContain("Omvänd betalningsskyldighet");
        expect(document?.text).toContain(words.pdfReverseCharge);
        expect(document?.text).not.toContain("25 %");
      }
    });
  });

  it("a buyer outside the EU reads that the supply is outside Sweden, on the mails and on the receipt in English and Swedish", async () => {
    // No company outside the EU can register yet (a VAT number is an EU one): the booking of a
    // net-priced company is marked as one outside the EU before it is confirmed, as ADR 222 prices both alike.
    for (const language of ["en", "sv"] as const) {
      const customer = await approvedCompany(test, operator.cookie, germanCompany, { language });
      const as = { headers: { cookie: customer.cookie } };
      const card = await test.request("POST", "/api/account/payment-methods", {
        body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
        ...as,
      });
      const startDate = addDays(operatorToday(new Date()), 3);
      const request = {
        ...bookingRequest(),
        startDate,
        endDate: startDate,
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
        language,
        payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
      };
      const created = await test.request("POST", "/api/bookings", { body: request, ...as });
      expect(created.status).toBe(201);
      await test.db.updateTable("bookings").set({ buyer_vat: "outside_eu" }).where("id", "=", request.bookingId).execute();
      const shown = await test.request("GET", `/api/bookings/${request.bookingId}`, as);
      expect(shown.body).toMatchObject({ buyerVat: "outside_eu", vatCents: 0 });
      await confirm(request.bookingId);

      const [decision] = await mails(customer, "booking-decision");
      const [receiptMail] = await mails(customer, "accounting-document");
      const [receipt] = await documents(customer, request.bookingId);
      if (language === "en") {
        expect(decision?.text).toContain("Total (excl. VAT)");
        expect(decision?.text).toContain("No Swedish VAT: supplied outside Sweden, outside the scope of Swedish VAT");
        expect(receiptMail?.text).toContain("(excl. VAT · outside the scope of Swedish VAT)");
        expect(receipt?.text).toContain("Outside the scope of Swedish VAT");
        expect(receipt?.text).toContain("the place of supply is outside Sweden (Mervärdesskattelag (2023:200) ch. 6");
      } else {
        expect(decision?.text).toContain("Totalt (exkl. moms)");
        expect(decision?.text).toContain("Ingen svensk moms: tjänsten tillhandahålls utanför Sverige");
        expect(receiptMail?.text).toContain("(exkl. moms · utanför svensk moms)");
        expect(receipt?.text).toContain("Omsättning utanför Sverige");
        expect(receipt?.text).toContain("är omsatt utomlands (6 kap. mervärdesskattelagen (2023:200)");
      }
      expect(receipt).toMatchObject({ kind: "receipt", vatCents: 0 });
      expect(receipt?.text).not.toContain("Omvänd betalningsskyldighet");
      expect(receipt?.text).not.toContain("25 %");
    }
  });
});
