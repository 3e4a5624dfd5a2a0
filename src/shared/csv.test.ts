import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv.ts";

// RFC 4180 quoting, and text a spreadsheet would run as a formula (OWASP "CSV Injection") made inert,
// for every export: the invoicing export on the server and the insights charts' data in the browser.

describe("a CSV field", () => {
  it("quotes commas, quotes and line ends", () => {
    expect(csvField('Lind, "Säkerhet" AB')).toBe('"Lind, ""Säkerhet"" AB"');
    expect(csvField("Rad 1\nRad 2")).toBe('"Rad 1\nRad 2"');
    expect(csvField(null)).toBe("");
  });

  it("prefixes text starting with = + - @ so it is never a formula, and leaves plain numbers alone", () => {
    expect(csvField('=HYPERLINK("http://example.test","x")')).toBe(`"'=HYPERLINK(""http://example.test"",""x"")"`);
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+46 70")).toBe("'+46 70");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField(-1250)).toBe("-1250");
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("-2+3")).toBe("'-2+3");
  });
});

describe("toCsv", () => {
  it("writes a header and rows with CRLF, quoting only what needs it, after a byte-order mark", () => {
    const text = toCsv(
      [
        ["day", "customer", "count"],
        ["2026-11-26", 'Åsa "Ace" Berg, Jr', 3],
        ["2026-11-27", "line\nbreak", null],
      ],
      { byteOrderMark: true },
    );
    expect(text).toBe('\uFEFFday,customer,count\r\n2026-11-26,"Åsa ""Ace"" Berg, Jr",3\r\n2026-11-27,"line\nbreak",\r\n');
  });

  it("writes a customer whose name is a formula as text, never as a live formula (OWASP CSV injection)", () => {
    const text = toCsv([["customer"], ['=HYPERLINK("http://example.test","x")']], { byteOrderMark: true });
    expect(text).toBe(`\uFEFFcustomer\r\n"'=HYPERLINK(""http://example.test"",""x"")"\r\n`);
  });
});
