// Each chart's data as a CSV file (RFC 4180): comma-separated, CRLF line ends, a field quoted when it
// holds a comma, a quote or a line break, and a byte-order mark so spreadsheet programs read the
// Swedish letters as UTF-8.

export type CsvCell = string | number | null;

function field(value: CsvCell): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}

/** Offers `text` as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
