import { strFromU8, unzipSync } from "fflate";
import { dataExportFiles, dataExportSchema, type DataExport } from "../../shared/data-export.ts";
import type { TestApp } from "./test-app.ts";

// The customer's data export as a download (docs/data-export.md): the zip's data.json parsed with the
// documented schema (a field the documentation does not promise fails the test), and summary.html.

export type DownloadedExport = {
  status: number;
  headers: Headers;
  /** data.json as written, for searching it for what must not be there. */
  json: string;
  data: DataExport;
  summary: string;
  /** Every file name in the zip. */
  files: string[];
};

export async function downloadDataExport(
  test: Pick<TestApp, "app">,
  cookie: string,
  options: { query?: string; headers?: Record<string, string> } = {},
): Promise<DownloadedExport> {
  const response = await test.app.request(`/api/account/security/export${options.query ?? ""}`, {
    headers: { cookie, ...options.headers },
  });
  if (response.status !== 200) throw new Error(`The export answered ${response.status}: ${await response.text()}`);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const json = strFromU8(files[dataExportFiles.data] ?? new Uint8Array());
  return {
    status: response.status,
    headers: response.headers,
    json,
    data: dataExportSchema.parse(JSON.parse(json)),
    summary: strFromU8(files[dataExportFiles.summary] ?? new Uint8Array()),
    files: Object.keys(files),
  };
}
