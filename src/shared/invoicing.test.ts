import { describe, expect, it } from "vitest";
import { businessProfileSchema } from "./invoicing.ts";
import {
  isReverseCharge,
  isValidOcrReference,
  normaliseOrganisationNumber,
  ocrReferenceFor,
  parseVatNumber,
} from "./accounting-identifiers.ts";
import { luhnCheckDigit } from "./luhn.ts";

// Check digits worked by hand (docs/invoices.md "OCR reference"): the Luhn sum doubles every other
// digit from the right, starting with the rightmost digit of the payload.

describe("the OCR reference (Bankgirot, length digit and check digit)", () => {
  it("gives the check digit of the classic Luhn example 7992739871 → 3", () => {
    // 1·2=2, 7, 8·2=16→7, 9, 3·2=6, 7, 2·2=4, 9, 9·2=18→9, 7: sum 67, 10 − 7 = 3.
    expect(luhnCheckDigit("7992739871")).toBe(3);
  });

  it("makes 12345 into 1234574: length digit 7 (seven digits), check digit 4", () => {
    // Payload 123457: 7·2=14→5, 5, 4·2=8, 3, 2·2=4, 1: sum 26, 10 − 6 = 4.
    expect(ocrReferenceFor("12345")).toBe("1234574");
    expect(isValidOcrReference("1234574")).toBe(true);
  });

  it("uses the last digit of the length when the reference has ten digits or more", () => {
    // 1000001 + length 9 → 10000019, payload digits from the right 9,1,0,0,0,0,0,1 → 9·2=18→9, 1, 0,0,0,0,0·2, 1: 9+1+1=11 → 9.
    const reference = ocrReferenceFor("1000001");
    expect(reference).toBe("100000199");
    expect(ocrReferenceFor("12345678")).toHaveLength(10);
    expect(ocrReferenceFor("12345678").at(-2)).toBe("0");
  });

  it("refuses a wrong check digit, a wrong length digit, letters and too short references", () => {
    expect(isValidOcrReference("1234575")).toBe(false);
    expect(isValidOcrReference("1234584")).toBe(false);
    expect(isValidOcrReference("12A4574")).toBe(false);
    expect(isValidOcrReference("26")).toBe(false);
  });
});

describe("the organisation number (Skatteverket)", () => {
  it("accepts Volvo's 556012-5790 with or without the hyphen, and refuses a wrong check digit", () => {
    expect(normaliseOrganisationNumber("5560125790")).toBe("556012-5790");
    expect(normaliseOrganisationNumber("556012-5790")).toBe("556012-5790");
    expect(normaliseOrganisationNumber("556012-5791")).toBeNull();
  });

  it("refuses a personal identity number (third digit below 2) and wrong lengths", () => {
    // 811218-9876 passes Luhn but is a person's number.
    expect(normaliseOrganisationNumber("811218-9876")).toBeNull();
    expect(normaliseOrganisationNumber("55601257")).toBeNull();
  });
});

describe("VAT numbers", () => {
  it("accepts a Swedish number only when its ten digits are an organisation number and it ends in 01", () => {
    expect(parseVatNumber("SE 5560 1257 9001")).toEqual({ value: "SE556012579001", country: "SE" });
    expect(parseVatNumber("SE556012579101")).toBeNull();
    expect(parseVatNumber("SE556012579002")).toBeNull();
  });

  it("accepts other member states' formats and refuses non-EU prefixes", () => {
    expect(parseVatNumber("DE123456789")?.country).toBe("DE");
    expect(parseVatNumber("fi12345678")?.value).toBe("FI12345678");
    expect(parseVatNumber("NL123456789B01")?.country).toBe("NL");
    expect(parseVatNumber("ATU12345678")?.country).toBe("AT");
    expect(parseVatNumber("DE12345678")).toBeNull();
    expect(parseVatNumber("GB123456789")).toBeNull();
    expect(parseVatNumber("NO123456789")).toBeNull();
  });

  it("charges in reverse for another member state's number only", () => {
    expect(isReverseCharge("DE123456789")).toBe(true);
    expect(isReverseCharge("SE556012579001")).toBe(false);
    expect(isReverseCharge(null)).toBe(false);
    expect(isReverseCharge("XX1")).toBe(false);
  });

  const validCompany = {
    companyName: "Lind AB",
    organisationNumber: "556012-5790",
    vatNumber: "SE556012579001",
    billingAddress: "Box 1, 111 11 Stockholm",
  };
  it("normalises the business form and names each wrong field", () => {
    const parsed = businessProfileSchema.parse({
      companyName: " Lind AB ",
      organisationNumber: "5560125790",
      vatNumber: "se556012579001",
      billingAddress: "Box 1, 111 11 Stockholm",
    });
    expect(parsed).toMatchObject({ companyName: "Lind AB", organisationNumber: "556012-5790", vatNumber: "SE556012579001" });
    // A Swedish VAT number must carry the organisation number given.
    const mismatch = businessProfileSchema.safeParse({ ...validCompany, organisationNumber: "559123-4561" });
    expect(mismatch.error?.issues.map((issue) => issue.message)).toEqual(["validation.organisationNumber"]);
    const german = businessProfileSchema.parse({ ...validCompany, vatNumber: "DE123456789", organisationNumber: "HRB 12345" });
    expect(german.organisationNumber).toBe("HRB 12345");
    const failed = businessProfileSchema.safeParse({
      companyName: "L",
      organisationNumber: "556012-5791",
      vatNumber: "SE1",
      billingAddress: "",
    });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.message).sort()).toEqual([
      "validation.billingAddress",
      "validation.companyName",
      "validation.vatNumber",
    ]);
  });
});
