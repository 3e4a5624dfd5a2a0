import PDFDocument from "pdfkit";
import { formatDay } from "../../../shared/time.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import { organisationNumberLine, sellerWords, vatNumberLine } from "../../../shared/seller.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { registerDocumentFonts, writeText } from "../../documents/document-text.ts";
import type { DocumentContent } from "./document-content.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// ADR 142: invoices, receipts and credit notes drawn with pdfkit from the document's stored
// content, in the booking's language, with Liberation Sans embedded so that å, ä, ö and € show
// on any reader (and ADR 241's faces for names in other scripts). What an invoice must say: Mervärdesskattelag (2023:200) ch. 17 §24 (date, serial
// number, both parties' VAT numbers, what was sold, the taxable amount per rate, the rate, the VAT,
// and for reverse charge the words "Omvänd betalningsskyldighet").

// ADR 209: the document's words are a catalogue of the product's one translation system, like the mails'.
const english = {
  invoice: "Invoice",
  receipt: "Receipt",
  "credit-note": "Credit note",
  number: "Number",
  issueDate: "Date",
  dueDate: "Due date",
  ocr: "OCR reference",
  bankgiro: "Bankgiro",
  booking: "Booking",
  period: "Service period",
  seller: "Seller",
  buyer: "Buyer",
  organisationNumber: "Org. no.",
  vatNumber: "VAT no.",
  costCentre: "Cost centre",
  buyerReference: "Your reference",
  description: "Description",
  quantity: "Days × guards",
  amount: "Amount",
  vatRate: "VAT rate",
  vat: "VAT",
  net: "Total excluding VAT",
  vatAt: "VAT {{rate}} %",
  total: "Total",
  totalPaid: "Total paid",
  totalCredited: "Total credited",
  payTo: "Pay to Bankgiro {{bankgiro}} with OCR reference {{ocr}}.",
  payBySepa: "Pay in euro by SEPA credit transfer to IBAN {{iban}}, BIC {{bic}}, with reference {{ocr}}.",
  iban: "IBAN",
  bic: "BIC",
  paidByCard: "Paid by card.",
  reverseCharge: "Reverse charge: VAT to be accounted for by the buyer (Article 196, Directive 2006/112/EC).",
  outsideEuHeading: "Outside the scope of Swedish VAT",
  outsideEu:
    "Services supplied to a business outside the EU: the place of supply is outside Sweden (Mervärdesskattelag (2023:200) ch. 6, Article 44, Directive 2006/112/EC), so no Swedish VAT is charged.",
  reason: "Reason",
  refersTo: "Corrects",
  currency: "Amounts in euro.",
};

const swedish: Catalogue<typeof english> = {
  invoice: "Faktura",
  receipt: "Kvitto",
  "credit-note": "Kreditfaktura",
  number: "Nummer",
  issueDate: "Datum",
  dueDate: "Förfallodag",
  ocr: "OCR-nummer",
  bankgiro: "Bankgiro",
  booking: "Bokning",
  period: "Uppdragsperiod",
  seller: "Säljare",
  buyer: "Köpare",
  organisationNumber: "Org.nr",
  vatNumber: "Momsreg.nr",
  costCentre: "Kostnadsställe",
  buyerReference: "Er referens",
  description: "Beskrivning",
  quantity: "Dagar × väktare",
  amount: "Belopp",
  vatRate: "Momssats",
  vat: "Moms",
  net: "Summa exkl. moms",
  vatAt: "Moms {{rate}} %",
  total: "Att betala",
  totalPaid: "Betalt",
  totalCredited: "Krediterat belopp",
  payTo: "Betala till bankgiro {{bankgiro}} med OCR-nummer {{ocr}}.",
  payBySepa: "Betala i euro med SEPA-överföring till IBAN {{iban}}, BIC {{bic}}, med referens {{ocr}}.",
  iban: "IBAN",
  bic: "BIC",
  paidByCard: "Betalt med kort.",
  reverseCharge: "Köparen redovisar mervärdesskatten (artikel 196, direktiv 2006/112/EG).",
  outsideEuHeading: "Omsättning utanför Sverige",
  outsideEu:
    "Tjänsten tillhandahålls en näringsidkare utanför EU och är omsatt utomlands (6 kap. mervärdesskattelagen (2023:200), artikel 44 i direktiv 2006/112/EG): ingen svensk moms tas ut.",
  reason: "Orsak",
  refersTo: "Avser",
  currency: "Belopp i euro.",
};

export const documentPdfCopy = { en: english, sv: swedish };

/** The PDF of a document, as bytes; the same content always gives the same bytes. */
export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const t = translator(documentPdfCopy, content.language);
  const money = (cents: number) => formatMoney(cents, content.language).replaceAll("\u00a0", " ");
  const day = (isoDay: string) => formatDay(isoDay, content.language);
  const title = `${t(content.kind)} ${content.number}`;
  const document = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: title,
      Author: content.seller.name,
      CreationDate: new Date(`${content.issueDate}T12:00:00Z`),
      ModDate: new Date(`${content.issueDate}T12:00:00Z`),
    },
    lang: content.language === "sv" ? "sv-SE" : "en-GB",
  });
  registerDocumentFonts(document);
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });

  const left = 50;
  const width = document.page.width - 100;

  // Heading: the seller on the left, the document's title and number on the right.
  document
    .font("bold")
    .fontSize(16)
    .text(content.seller.name, left, 50, { width: width / 2 });
  document
    .font("regular")
    .fontSize(9)
    .text(content.seller.address, left, document.y + 2, { width: width / 2 });
  // The seller's numbers and F-tax line are worded once, with the site's footer (src/shared/seller.ts).
  document.text(organisationNumberLine(content.seller, content.language), { width: width / 2 });
  document.text(vatNumberLine(content.seller, content.language), { width: width / 2 });
  document.text(`${sellerWords(content.language).fTax}.`, { width: width / 2 });
  const sellerBottom = document.y;

  document
    .font("bold")
    .fontSize(20)
    .text(title, left + width / 2, 50, { width: width / 2, align: "right" });
  document.font("regular").fontSize(9);
  const facts: [string, string][] = [
    [t("number"), String(content.number)],
    [t("issueDate"), day(content.issueDate)],
  ];
  if (content.dueDate) facts.push([t("dueDate"), day(content.dueDate)]);
  if (content.ocrReference) facts.push([t("ocr"), content.ocrReference]);
  // docs/invoices.md "Paying an invoice in euro": the Bankgiro only where its account takes euro;
  // the IBAN and BIC for a SEPA credit transfer, which is how a company in another member state pays.
  const invoice = content.kind === "invoice";
  if (invoice && content.seller.bankgiroTakesEuro) facts.push([t("bankgiro"), content.seller.bankgiro]);
  if (invoice && content.seller.iban && content.seller.bic) facts.push([t("iban"), content.seller.iban], [t("bic"), content.seller.bic]);
  facts.push([t("booking"), bookingReference(content.bookingId)]);
  facts.push([t("period"), `${day(content.bookingPeriod.startDate)} – ${day(content.bookingPeriod.endDate)}`]);
  if (content.refersTo) facts.push([t("refersTo"), content.refersTo]);
  let factsY = document.y + 6;
  for (const [label, value] of facts) {
    document.font("regular").text(`${label}: `, left + width / 2 - 40, factsY, { width: width / 2 - 160, align: "right" });
    document.font("bold").text(value, left + width - 195, factsY, { width: 195, align: "right" });
    factsY = document.y + 1;
  }

  // The buyer.
  let y = Math.max(sellerBottom, factsY) + 20;
  document.font("bold").fontSize(10).text(t("buyer"), left, y);
  document.font("regular").fontSize(10);
  const buyer = content.buyer;
  const buyerLines = [buyer.companyName, buyer.name, buyer.address, buyer.email].filter((line): line is string => Boolean(line));
  if (buyer.organisationNumber) buyerLines.push(`${t("organisationNumber")} ${buyer.organisationNumber}`);
  if (buyer.vatNumber) buyerLines.push(`${t("vatNumber")} ${buyer.vatNumber}`);
  // docs/companies.md: the company's cost centre and reference, so its accounts payable can route the invoice.
  if (buyer.costCentre) buyerLines.push(`${t("costCentre")} ${buyer.costCentre}`);
  if (buyer.reference) buyerLines.push(`${t("buyerReference")} ${buyer.reference}`);
  for (const line of buyerLines) writeText(document, line, left, document.y, { width: width / 2, weight: "regular" });
  y = document.y + 20;

  // The lines: description, days × guards, VAT rate, VAT, amount.
  const columns = { description: left, quantity: left + 200, rate: left + 285, vat: left + 340, amount: left + 415 };
  document.font("bold").fontSize(9);
  document.text(t("description"), columns.description, y, { width: 195 });
  document.text(t("quantity"), columns.quantity, y, { width: 80 });
  document.text(t("vatRate"), columns.rate, y, { width: 50, align: "right" });
  document.text(t("vat"), columns.vat, y, { width: 70, align: "right" });
  document.text(t("amount"), columns.amount, y, { width: 80, align: "right" });
  y = document.y + 4;
  document
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .stroke("#999999");
  y += 6;
  document.font("regular").fontSize(9);
  for (const line of content.lines) {
    writeText(document, line.description, columns.description, y, { width: 195, weight: "regular" });
    const descriptionBottom = document.y;
    document.text(line.days !== null && line.guards !== null ? `${line.days} × ${line.guards}` : "", columns.quantity, y, { width: 80 });
    document.text(`${vatPercent(line.vatRateBasisPoints)} %`, columns.rate, y, { width: 50, align: "right" });
    document.text(money(line.vatCents), columns.vat, y, { width: 70, align: "right" });
    document.text(money(line.totalCents), columns.amount, y, { width: 80, align: "right" });
    y = Math.max(descriptionBottom, document.y) + 6;
  }
  document
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .stroke("#999999");
  y += 8;

  // Totals: net, VAT per rate, total.
  const byRate = new Map<number, { net: number; vat: number }>();
  for (const line of content.lines) {
    const sum = byRate.get(line.vatRateBasisPoints) ?? { net: 0, vat: 0 };
    sum.net += line.totalCents - line.vatCents;
    sum.vat += line.vatCents;
    byRate.set(line.vatRateBasisPoints, sum);
  }
  const totalLabel = content.kind === "receipt" ? t("totalPaid") : content.kind === "credit-note" ? t("totalCredited") : t("total");
  const totals: [string, string, boolean][] = [[t("net"), money(content.totalCents - content.vatCents), false]];
  for (const [rate, sum] of [...byRate].sort(([a], [b]) => b - a)) {
    totals.push([`${t("vatAt", { rate: vatPercent(rate) })} (${money(sum.net)})`, money(sum.vat), false]);
  }
  totals.push([totalLabel, money(content.totalCents), true]);
  for (const [label, value, strong] of totals) {
    document.font(strong ? "bold" : "regular").fontSize(strong ? 12 : 10);
    document.text(label, left + width / 2 - 60, y, { width: width / 2 - 60, align: "right" });
    document.text(value, left + width - 120, y, { width: 120, align: "right" });
    y = document.y + 4;
  }
  y += 12;

  document.font("regular").fontSize(10);
  if (content.reverseCharge) {
    document.font("bold").text("Omvänd betalningsskyldighet", left, y, { width });
    document.font("regular").text(t("reverseCharge"), left, document.y, { width });
    y = document.y + 8;
  }
  // ADR 246: a buyer outside the EU is told why no Swedish VAT is charged.
  if (content.buyerVat === "outside_eu") {
    document.font("bold").text(t("outsideEuHeading"), left, y, { width });
    document.font("regular").text(t("outsideEu"), left, document.y, { width });
    y = document.y + 8;
  }
  if (content.reason) {
    writeText(document, `${t("reason")}: ${content.reason}`, left, y, { width, weight: "regular" });
    y = document.y + 8;
  }
  if (invoice && content.ocrReference && content.seller.bankgiroTakesEuro) {
    document.font("bold").text(t("payTo", { bankgiro: content.seller.bankgiro, ocr: content.ocrReference }), left, y, { width });
    y = document.y + 8;
  }
  if (invoice && content.ocrReference && content.seller.iban && content.seller.bic) {
    const sepa = t("payBySepa", { iban: content.seller.iban, bic: content.seller.bic, ocr: content.ocrReference });
    document.font(content.seller.bankgiroTakesEuro ? "regular" : "bold").text(sepa, left, y, { width });
    document.font("regular");
    y = document.y + 8;
  }
  if (content.kind === "receipt") {
    document.text(t("paidByCard"), left, y, { width });
    y = document.y + 8;
  }
  document.font("regular").fontSize(8).fillColor("#555555").text(t("currency"), left, y, { width });
  document.end();
  return finished;
}
