// Bankgirot's BgMax file of incoming payments ("Bankgiro Inbetalningar, BgMax", technical manual):
// fixed-width records of 80 characters, each starting with its transaction code (TK). Parsed
// strictly: a record out of place, a field that is not what the manual says, or totals that do not
// add up stops the whole file with the line number, so a damaged file never marks an invoice paid.

export type BgMaxPayment = {
  /** 1-based line of the TK20/TK21 record. */
  line: number;
  kind: "payment" | "deduction";
  senderBankgiro: string;
  reference: string;
  /** Öre (hundredths of the section's currency). */
  amountCents: number;
  /** 2: the sender's OCR reference passed Bankgirot's check. */
  referenceCode: number;
  bgcSerial: string;
  information: string[];
};

export type BgMaxSection = {
  recipientBankgiro: string;
  currency: string;
  payments: BgMaxPayment[];
  depositDate: string;
  depositCents: number;
  depositSerial: string;
};

export type BgMaxFile = { createdAt: string; test: boolean; sections: BgMaxSection[] };

export class BgMaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`Line ${line}: ${message}`);
    this.line = line;
  }
}

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

function digitsOf(record: string, from: number, to: number, line: number, name: string): string {
  const value = field(record, from, to);
  if (!/^\d+$/.test(value)) throw new BgMaxError(line, `${name} (positions ${from}–${to}) must be digits, found "${value.trim()}".`);
  return value;
}

function amountOf(record: string, from: number, to: number, line: number, name: string): number {
  const amount = Number(digitsOf(record, from, to, line, name));
  if (!Number.isSafeInteger(amount)) throw new BgMaxError(line, `${name} is too large.`);
  return amount;
}

function dateOf(text: string, line: number): string {
  const day = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw new BgMaxError(line, `"${text}" is not a date (YYYYMMDD).`);
  }
  return day;
}

const maximumBytes = 5_000_000;

/** Parses a BgMax file (ISO 8859-1 text, CRLF or LF line ends). */
export function parseBgMax(text: string): BgMaxFile {
  if (text.length > maximumBytes) throw new BgMaxError(0, "The file is larger than 5 MB.");
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n");
  if (lines.length === 1 && lines[0] === "") throw new BgMaxError(1, "The file is empty.");
  let header: { createdAt: string; test: boolean } | null = null;
  let section: Omit<BgMaxSection, "depositDate" | "depositCents" | "depositSerial"> | null = null;
  let lastPayment: BgMaxPayment | null = null;
  const sections: BgMaxSection[] = [];
  let ended = false;
  const counts = { payments: 0, deductions: 0, extraReferences: 0, deposits: 0 };

  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.length > 80) throw new BgMaxError(line, `A record is 80 characters long; this one has ${raw.length}.`);
    const record = raw.padEnd(80, " ");
    const code = record.slice(0, 2);
    if (ended) throw new BgMaxError(line, "Nothing may follow the end record (TK70).");
    if (!header && code !== "01") throw new BgMaxError(line, `The file must start with the opening record TK01, found "${code}".`);
    switch (code) {
      case "01": {
        if (header) throw new BgMaxError(line, "A second opening record TK01.");
        if (field(record, 3, 22).trim() !== "BGMAX") throw new BgMaxError(line, "This is not a BgMax file (TK01 must name BGMAX).");
        if (field(record, 23, 24) !== "01") throw new BgMaxError(line, `BgMax version ${field(record, 23, 24)} is not supported (01 is).`);
        const stamp = digitsOf(record, 25, 44, line, "The time stamp");
        const marker = field(record, 45, 45);
        if (marker !== "T" && marker !== "P") throw new BgMaxError(line, "The test marker (position 45) must be T or P.");
        header = {
          createdAt: `${dateOf(stamp.slice(0, 8), line)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`,
          test: marker === "T",
        };
        return;
      }
      case "05": {
        if (section) throw new BgMaxError(line, "A new section (TK05) before the deposit record TK15 of the previous one.");
        const currency = field(record, 23, 25);
        if (!/^[A-Z]{3}$/.test(currency)) throw new BgMaxError(line, `"${currency}" is not a currency code.`);
        section = {
          recipientBankgiro: String(Number(digitsOf(record, 3, 12, line, "The recipient's bankgiro number"))),
          currency,
          payments: [],
        };
        lastPayment = null;
        return;
      }
      case "20":
      case "21": {
        if (!section) throw new BgMaxError(line, `A payment record TK${code} outside a section (TK05 … TK15).`);
        const payment: BgMaxPayment = {
          line,
          kind: code === "20" ? "payment" : "deduction",
          senderBankgiro: String(Number(digitsOf(record, 3, 12, line, "The sender's bankgiro number"))),
          reference: field(record, 13, 37).trim(),
          amountCents: amountOf(record, 38, 55, line, "The amount"),
          referenceCode: Number(digitsOf(record, 56, 56, line, "The reference code")),
          bgcSerial: field(record, 58, 69).trim(),
          information: [],
        };
        if (payment.referenceCode > 5) throw new BgMaxError(line, `Reference code ${payment.referenceCode} does not exist (0–5).`);
        if (code === "20") counts.payments += 1;
        else counts.deductions += 1;
        section.payments.push(payment);
        lastPayment = payment;
        return;
      }
      case "22":
      case "23":
        if (!lastPayment) throw new BgMaxError(line, `An extra reference TK${code} before any payment.`);
        counts.extraReferences += 1;
        return;
      case "25":
        if (!lastPayment) throw new BgMaxError(line, "An information record TK25 before any payment.");
        lastPayment.information.push(field(record, 3, 52).trim());
        return;
      // Name, address and organisation number of the payer: not kept (we match on the reference).
      case "26":
      case "27":
      case "28":
      case "29":
        if (!lastPayment) throw new BgMaxError(line, `A payer record TK${code} before any payment.`);
        return;
      case "15": {
        if (!section) throw new BgMaxError(line, "A deposit record TK15 without its section start TK05.");
        const currency = field(record, 69, 71);
        if (currency !== section.currency)
          throw new BgMaxError(line, `The deposit is in ${currency} but its section in ${section.currency}.`);
        const depositCents = amountOf(record, 51, 68, line, "The deposit amount");
        const declaredCount = Number(digitsOf(record, 72, 79, line, "The number of payments"));
        const sum = section.payments.reduce(
          (total, payment) => total + (payment.kind === "payment" ? payment.amountCents : -payment.amountCents),
          0,
        );
        if (declaredCount !== section.payments.length) {
          throw new BgMaxError(line, `The deposit counts ${declaredCount} payments but its section holds ${section.payments.length}.`);
        }
        if (sum !== depositCents) throw new BgMaxError(line, `The deposit is ${depositCents} öre but its payments add up to ${sum} öre.`);
        counts.deposits += 1;
        sections.push({
          ...section,
          depositDate: dateOf(digitsOf(record, 38, 45, line, "The payment date"), line),
          depositCents,
          depositSerial: field(record, 46, 50),
        });
        section = null;
        lastPayment = null;
        return;
      }
      case "70": {
        if (section) throw new BgMaxError(line, "The end record TK70 before the last section's deposit record TK15.");
        const declared = {
          payments: Number(digitsOf(record, 3, 10, line, "The number of payment records")),
          deductions: Number(digitsOf(record, 11, 18, line, "The number of deduction records")),
          extraReferences: Number(digitsOf(record, 19, 26, line, "The number of extra reference records")),
          deposits: Number(digitsOf(record, 27, 34, line, "The number of deposit records")),
        };
        for (const key of Object.keys(declared) as (keyof typeof declared)[]) {
          if (declared[key] !== counts[key]) {
            throw new BgMaxError(line, `The end record counts ${declared[key]} ${key} but the file holds ${counts[key]}.`);
          }
        }
        ended = true;
        return;
      }
      default:
        throw new BgMaxError(line, `Unknown record type "${code}".`);
    }
  });
  if (!ended) throw new BgMaxError(lines.length, "The file has no end record TK70: it may be cut short.");
  const opening = header as { createdAt: string; test: boolean } | null;
  if (!opening) throw new BgMaxError(1, "The file has no opening record.");
  return { createdAt: opening.createdAt, test: opening.test, sections };
}

/** Builds BgMax records (tests and the operator's sample file); fields padded as the manual says. */
export const bgMaxRecords = {
  opening: (stamp = "20261201083000000000", test = true) => `01${"BGMAX".padEnd(20)}01${stamp}${test ? "T" : "P"}`.padEnd(80),
  section: (bankgiro: string, currency = "EUR") =>
    `05${bankgiro.replace(/\D/g, "").padStart(10, "0")}${" ".repeat(10)}${currency}`.padEnd(80),
  payment: (options: { reference: string; amountCents: number; sender?: string; serial?: string; deduction?: boolean }) =>
    `${options.deduction ? "21" : "20"}${(options.sender ?? "9912346").padStart(10, "0")}${options.reference.padEnd(25)}${String(options.amountCents).padStart(18, "0")}21${(options.serial ?? "000000000001").padStart(12, "0")}0`.padEnd(
      80,
    ),
  information: (text: string) => `25${text.padEnd(50)}`.padEnd(80),
  deposit: (options: { date: string; amountCents: number; count: number; currency?: string; account?: string }) =>
    `15${(options.account ?? "99123456789").padEnd(35)}${options.date.replaceAll("-", "")}00001${String(options.amountCents).padStart(18, "0")}${options.currency ?? "EUR"}${String(options.count).padStart(8, "0")} `,
  end: (counts: { payments: number; deductions?: number; extraReferences?: number; deposits: number }) =>
    `70${String(counts.payments).padStart(8, "0")}${String(counts.deductions ?? 0).padStart(8, "0")}${String(counts.extraReferences ?? 0).padStart(8, "0")}${String(counts.deposits).padStart(8, "0")}`.padEnd(
      80,
    ),
};
