import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("writes a header and rows with CRLF, quoting only what needs it, after a byte-order mark", () => {
    const text = toCsv(
      ["day", "customer", "count"],
      [
        ["2026-11-26", 'Åsa "Ace" Berg, Jr', 3],
        ["2026-11-27", "line\nbreak", null],
      ],
    );
    expect(text).toBe('\uFEFFday,customer,count\r\n2026-11-26,"Åsa ""Ace"" Berg, Jr",3\r\n2026-11-27,"line\nbreak",\r\n');
  });
});
