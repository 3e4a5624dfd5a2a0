import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ADR 262: a booking's payment status has one writer, `writePaymentStatus` in
// src/server/payments/ledger.ts, which derives it from what is recorded. A second writer naming a
// status of its own is how a booking came to read "invoice" with card money captured, or "paid"
// after its invoice was settled, so any other file that assigns the column fails here, named.

const sourceRoot = path.resolve("src");
const theWriter = path.join("server", "payments", "ledger.ts");
// Where the column is declared rather than written: its table type and the migrations that made it.
const declarations = [path.join("server", "db", "tables") + path.sep, path.join("server", "db", "migrations") + path.sep];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `payment_status:` (a Kysely `set` or `values` object) or `payment_status =` (SQL), never `==`. */
const assignment = /\bpayment_status\b["'`]?\s*(?::|=(?!=))/g;

function writesIn(source: string): number[] {
  return [...source.matchAll(assignment)].map((match) => source.slice(0, match.index).split("\n").length);
}

describe("a booking's payment status", () => {
  it("is written by the ledger's writePaymentStatus and nowhere else", () => {
    const files = sourceFiles(sourceRoot);
    expect(files.length).toBeGreaterThan(100);
    const elsewhere = files
      .map((file) => path.relative(sourceRoot, file))
      .filter((file) => file !== theWriter && !declarations.some((folder) => file.startsWith(folder)))
      .flatMap((file) => writesIn(readFileSync(path.join(sourceRoot, file), "utf8")).map((line) => `${file}:${line}`));
    expect(elsewhere).toEqual([]);
    const writer = readFileSync(path.join(sourceRoot, theWriter), "utf8");
    expect(writesIn(writer)).toHaveLength(1);
    expect(writer).toMatch(/export async function writePaymentStatus\(/);
  });

  it("is caught when a file sets it by hand", () => {
    expect(writesIn(`await db.updateTable("bookings").set({ payment_status: "invoice" }).execute();`)).toEqual([1]);
    expect(writesIn("x\nawait sql`update bookings set payment_status = 'paid'`")).toEqual([2]);
    expect(writesIn(`.set((expression) => ({ "payment_status": expression.ref("payment_status") }))`)).toEqual([1]);
    expect(writesIn(`.where("payment_status", "=", status).select(["payment_status"])`)).toEqual([]);
    expect(writesIn(`if (row.payment_status === "paid") return;`)).toEqual([]);
  });
});
