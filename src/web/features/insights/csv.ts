// Each chart's data offered as a CSV file, written by the one CSV writer (src/shared/csv.ts) with a
// byte-order mark so spreadsheet programs read the Swedish letters as UTF-8.

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
