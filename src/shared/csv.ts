// The one CSV writer (RFC 4180) of every export, on the server (the invoicing export, docs/invoices.md
// "Export") and in the browser (each insights chart's data): comma-separated, CRLF line ends, a field
// quoted when it holds a comma, a quote or a line break. Text starting with = + - @ (or a tab or
// carriage return) is prefixed with ' so a spreadsheet shows it and never runs it as a formula: a
// customer's name or a place is typed by anyone (OWASP "CSV Injection"). See docs/security-notes.md.

export type CsvCell = string | number | null;

/** One field: empty for null, a formula made inert, quoted when it needs it. */
export function csvField(value: CsvCell): string {
  if (value === null) return "";
  let text = String(value);
  // A plain number (a credit note's -12.50) is no formula and stays a number for the spreadsheet.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows (the first one the header, if any) as a CSV text. `byteOrderMark` starts it with one so
 * spreadsheet programs opening the file read the Swedish letters as UTF-8.
 */
export function toCsv(rows: CsvCell[][], options: { byteOrderMark?: boolean } = {}): string {
  return `${options.byteOrderMark ? "\uFEFF" : ""}${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
