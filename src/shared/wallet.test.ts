import { describe, expect, it } from "vitest";
import { addCardSchema, cardLabel, detectCardBrand, formatCardNumber, formatExpiry, isExpired } from "./wallet.ts";
import { passesLuhn } from "./luhn.ts";

// The card rules of docs/product.md §2/§9 shared by the Add New Card form and the API: the networks' public
// test numbers must be accepted with the right brand, and anything else refused.

describe("card checks", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["4000056655665556", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["371449635398431", "amex"],
    ["6011111111111117", "discover"],
    ["6445644564456445", "discover"],
    ["36227206271667", "diners"],
    ["3056930009020004", "diners"],
    ["3566002020360505", "jcb"],
  ])("accepts %s as %s", (number, brand) => {
    expect(passesLuhn(number)).toBe(true);
    expect(detectCardBrand(number)).toBe(brand);
    const checked = addCardSchema.safeParse({
      cardNumber: formatCardNumber(number),
      expiry: `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0")}`,
      cvv: brand === "amex" ? "1234" : "123",
    });
    expect(checked.success && checked.data.brand).toBe(brand);
  });

  it("refuses a wrong check digit and an unknown network", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(detectCardBrand("9999999999999995")).toBeNull();
    expect(detectCardBrand("2721000000000000")).toBeNull();
  });

  it("groups digits as printed and formats the expiry as MM/YY", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("42a42")).toBe("4242");
    expect(formatExpiry("0427")).toBe("04/27");
    expect(formatExpiry("04/2")).toBe("04/2");
  });

  it("a card is valid through the last day of its expiry month", () => {
    const lastDay = new Date(Date.UTC(2027, 3, 30, 23, 59));
    expect(isExpired(4, 2027, lastDay)).toBe(false);
    expect(isExpired(4, 2027, new Date(Date.UTC(2027, 4, 1)))).toBe(true);
    expect(isExpired(12, 2026, new Date(Date.UTC(2027, 0, 1)))).toBe(true);
  });

  it("labels mastercard Private and every other brand Business (docs/product.md §9)", () => {
    expect(cardLabel("mastercard")).toBe("private");
    expect(cardLabel("visa")).toBe("business");
    expect(cardLabel("amex")).toBe("business");
  });
});
