import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../../db/schema.ts";
import { buyerSchema } from "./document-content.ts";
import { documentsInPeriod } from "./documents-access.ts";

// ADR 138: the period's accounting documents and bank payments as an SIE 4 file (type 4E, with
// verifications), the import format of Swedish accounting software (SIE-Gruppen, "SIE filformat
// version 4B"). One verification per document or bank payment, each balanced to the cent, on BAS
// accounts (BAS 2026). The file is written in the format's character set, IBM PC 8-bit (code page
// 437), with CRLF line ends, as #FORMAT PC8 declares. Amounts are the documents' euros with #VALUTA
// EUR: the accounting software converts them if its books are kept in kronor.

/** BAS accounts the verifications use, with their Swedish names as BAS publishes them. */
export const sieAccounts = {
  customerReceivables: { number: 1510, name: "Kundfordringar" },
  cardSettlements: { number: 1580, name: "Fordringar för kontokortsavräkningar" },
  bank: { number: 1930, name: "Företagskonto/checkkonto/affärskonto" },
  unmatchedPayments: { number: 2890, name: "Övriga kortfristiga skulder" },
  outputVat: { number: 2611, name: "Utgående moms på försäljning inom Sverige, 25 %" },
  domesticSales: { number: 3001, name: "Försäljning inom Sverige, 25 % moms" },
  euServiceSales: { number: 3308, name: "Försäljning tjänster till land inom EU" },
} as const;

/**
 * ADR 279: the buying company's cost centre as an object of a dimension of its own. SIE 4B reserves
 * dimensions 1–19 (1 is the firm's own cost centres), so the customers' are dimension 20, each
 * object named by the company's organisation number and the cost centre, unique across companies.
 */
export const customerCostCentreDimension = { number: 20, name: "Kundens kostnadsställe" } as const;

type CostCentreObject = { id: string; name: string };
type Transaction = { account: number; cents: number; object?: CostCentreObject };
type Verification = { date: string; text: string; transactions: Transaction[] };

// Code page 437 for the letters Swedish (and the neighbours' names) need; anything else becomes "?".
const codePage437: Record<string, number> = {
  Ç: 0x80,
  ü: 0x81,
  é: 0x82,
  â: 0x83,
  ä: 0x84,
  à: 0x85,
  å: 0x86,
  ç: 0x87,
  ê: 0x88,
  ë: 0x89,
  è: 0x8a,
  ï: 0x8b,
  î: 0x8c,
  ì: 0x8d,
  Ä: 0x8e,
  Å: 0x8f,
  É: 0x90,
  æ: 0x91,
  Æ: 0x92,
  ô: 0x93,
  ö: 0x94,
  ò: 0x95,
  û: 0x96,
  ù: 0x97,
  ÿ: 0x98,
  Ö: 0x99,
  Ü: 0x9a,
  ø: 0x9b,
  "£": 0x9c,
  Ø: 0x9d,
  á: 0xa0,
  í: 0xa1,
  ó: 0xa2,
  ú: 0xa3,
  ñ: 0xa4,
  Ñ: 0xa5,
  ß: 0xe1,
};

export function toCodePage437(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    bytes.push(code < 0x80 ? code : (codePage437[character] ?? 0x3f));
  }
  return Uint8Array.from(bytes);
}

/** A field in quotes when it needs them; quotes and backslashes escaped; no control characters. */
export function sieText(text: string): string {
  const clean = Array.from(text, (character) => ((character.codePointAt(0) ?? 0) < 0x20 || character === "\u007f" ? " " : character)).join(
    "",
  );
  return `"${clean.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

const sieDate = (isoDay: string) => isoDay.replaceAll("-", "");
const sieAmount = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
};

export type SieSeller = { name: string; organisationNumber: string };

/** The SIE 4 text of the period (before it is encoded); see sieFile for the bytes. */
export async function periodSieText(
  db: Kysely<DatabaseSchema>,
  seller: SieSeller,
  period: { from: string; to: string },
  generatedOn: string,
): Promise<string> {
  const verifications: Verification[] = [];
  const objects = new Map<string, CostCentreObject>();
  const invoiced = new Set((await db.selectFrom("invoice_bookings").select("booking_id").execute()).map((row) => row.booking_id));
  for (const document of await documentsInPeriod(db, period.from, period.to)) {
    const total = Number(document.total_cents);
    const vat = Number(document.vat_cents);
    const reverseCharge = Number(document.reverse_charge) === 1;
    const sales = reverseCharge ? sieAccounts.euServiceSales : sieAccounts.domesticSales;
    // An invoice is owed by the customer; a receipt's card payment is owed by the card acquirer
    // until it pays out; a credit note reverses whichever its booking used.
    const receivable =
      document.kind === "invoice" || (document.kind === "credit-note" && invoiced.has(document.booking_id))
        ? sieAccounts.customerReceivables
        : sieAccounts.cardSettlements;
    const sign = document.kind === "credit-note" ? -1 : 1;
    const label = { invoice: "Faktura", receipt: "Kvitto", "credit-note": "Kreditnota" }[document.kind] ?? document.kind;
    const buyer = buyerSchema.parse(JSON.parse(document.buyer));
    const object = buyer.costCentre
      ? {
          id: `${buyer.organisationNumber ?? ""} ${buyer.costCentre}`.trim(),
          name: `${buyer.companyName ?? buyer.name}: ${buyer.costCentre}`,
        }
      : undefined;
    if (object) objects.set(object.id, object);
    // The sale is the result the cost centre follows; the receivable and the VAT are balance accounts.
    const transactions: Transaction[] = [
      { account: receivable.number, cents: sign * total },
      { account: sales.number, cents: -sign * (total - vat), ...(object && { object }) },
    ];
    if (vat !== 0) transactions.push({ account: sieAccounts.outputVat.number, cents: -sign * vat });
    verifications.push({ date: document.issue_date, text: `${label} ${Number(document.number)}`, transactions });
  }
  const payments = await db
    .selectFrom("bank_payments")
    .leftJoin("accounting_documents", "accounting_documents.id", "bank_payments.document_id")
    .select([
      "bank_payments.reference",
      "bank_payments.amount_cents",
      "bank_payments.kind",
      "bank_payments.deposit_date",
      "accounting_documents.number",
    ])
    .where("bank_payments.deposit_date", ">=", period.from)
    .where("bank_payments.deposit_date", "<=", period.to)
    .orderBy("bank_payments.deposit_date")
    .orderBy("bank_payments.line")
    .execute();
  for (const payment of payments) {
    const amount = Number(payment.amount_cents) * (payment.kind === "deduction" ? -1 : 1);
    // A payment no invoice claims is owed back (or to be resolved) until the operator settles it.
    const against = payment.number === null ? sieAccounts.unmatchedPayments : sieAccounts.customerReceivables;
    verifications.push({
      date: payment.deposit_date,
      text: payment.number === null ? `Bankgiro ${payment.reference || "utan referens"}` : `Bankgiro faktura ${Number(payment.number)}`,
      transactions: [
        { account: sieAccounts.bank.number, cents: amount },
        { account: against.number, cents: -amount },
      ],
    });
  }

  const year = period.from.slice(0, 4);
  const lines = [
    "#FLAGGA 0",
    "#FORMAT PC8",
    "#SIETYP 4",
    `#PROGRAM ${sieText("Nordic Shield")} 1.0`,
    `#GEN ${sieDate(generatedOn)}`,
    `#FNAMN ${sieText(seller.name)}`,
    `#ORGNR ${seller.organisationNumber}`,
    `#RAR 0 ${year}0101 ${year}1231`,
    "#VALUTA EUR",
    ...Object.values(sieAccounts)
      .sort((first, second) => first.number - second.number)
      .map((account) => `#KONTO ${account.number} ${sieText(account.name)}`),
    ...(objects.size > 0 ? [`#DIM ${customerCostCentreDimension.number} ${sieText(customerCostCentreDimension.name)}`] : []),
    ...[...objects.values()].map((object) => `#OBJEKT ${customerCostCentreDimension.number} ${sieText(object.id)} ${sieText(object.name)}`),
  ];
  verifications.forEach((verification, index) => {
    lines.push(`#VER "" ${index + 1} ${sieDate(verification.date)} ${sieText(verification.text)}`, "{");
    for (const transaction of verification.transactions) {
      const objectList = transaction.object ? `{${customerCostCentreDimension.number} ${sieText(transaction.object.id)}}` : "{}";
      lines.push(`   #TRANS ${transaction.account} ${objectList} ${sieAmount(transaction.cents)}`);
    }
    lines.push("}");
  });
  return `${lines.join("\r\n")}\r\n`;
}

export async function periodSieFile(...parameters: Parameters<typeof periodSieText>): Promise<Uint8Array> {
  return toCodePage437(await periodSieText(...parameters));
}
