import { describe, expect, it } from "vitest";
import { csvField } from "./export.ts";

// RFC 4180 quoting, and text a spreadsheet would run as a formula (OWASP "CSV injection") made inert.

describe("a CSV field of the export", () => {
  it("quotes commas, quotes and line ends", () => {
    expect(csvField('Lind, "Säkerhet" AB')).toBe('"Lind, ""Säkerhet"" AB"');
    expect(csvField("Rad 1\nRad 2")).toBe('"Rad 1\nRad 2"');
    expect(csvField(null)).toBe("");
  });

  it("prefixes text starting with = + - @ so it is never a formula, and leaves plain numbers alone", () => {
    expect(csvField('=HYPERLINK("http://example.test","x")')).toBe(`"'=HYPERLINK(""http://example.test"",""x"")"`);
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+46 70")).toBe("'+46 70");
    expect(csvField(-1250)).toBe("-1250");
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("-2+3")).toBe("'-2+3");
  });
});
