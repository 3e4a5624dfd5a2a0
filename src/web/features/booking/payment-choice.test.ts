import { describe, expect, it } from "vitest";
import { clearPendingPayment, keepPendingPayment, needsChargeLaterConsent, readPendingPayment } from "./payment-choice.ts";
import { problemText } from "./payment-problem.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("the payment step's choice kept across the bank's check", () => {
  const card = "0b6a3f2e-7c1d-4e5f-9a8b-1c2d3e4f5a6b";

  it("reads back the card and the consent that were sent", () => {
    const storage = memoryStorage();
    keepPendingPayment(storage, { paymentMethodId: card, chargeLaterConsent: true });
    expect(readPendingPayment(storage)).toEqual({ paymentMethodId: card, chargeLaterConsent: true });
    clearPendingPayment(storage);
    expect(readPendingPayment(storage)).toBeNull();
  });

  it("ignores a tampered or unreadable value", () => {
    const storage = memoryStorage();
    storage.setItem("bookingPayment", "{not json");
    expect(readPendingPayment(storage)).toBeNull();
    storage.setItem("bookingPayment", JSON.stringify({ paymentMethodId: "../../admin", chargeLaterConsent: "yes" }));
    expect(readPendingPayment(storage)).toBeNull();
    storage.setItem("bookingPayment", JSON.stringify({ paymentMethodId: card, chargeLaterConsent: "yes" }));
    expect(readPendingPayment(storage)).toEqual({ paymentMethodId: card });
  });
});

describe("consent beyond the longest hold (7 days)", () => {
  const now = new Date("2026-11-26T10:00:00Z");

  it("is not asked within the hold or without a date", () => {
    expect(needsChargeLaterConsent(null, now)).toBe(false);
    expect(needsChargeLaterConsent("2026-11-29", now)).toBe(false);
    expect(needsChargeLaterConsent("2026-12-03", now)).toBe(false);
  });

  it("is asked when the start is more than 7 days away", () => {
    expect(needsChargeLaterConsent("2026-12-04", now)).toBe(true);
    expect(needsChargeLaterConsent("2027-02-01", now)).toBe(true);
  });
});

describe("a refused card's words", () => {
  it("says a card refused while only being saved was declined by the bank and not saved, in English and Swedish", () => {
    expect(problemText({ decline: "card_declined", message: "", saving: true }, "en")).toBe(
      "Your bank declined this card, so it could not be saved. Please use another card or contact your bank.",
    );
    expect(problemText({ decline: "card_declined", message: "", saving: true }, "sv")).toBe(
      "Banken nekade kortet, så det kunde inte sparas. Använd ett annat kort eller kontakta din bank.",
    );
    // A refused payment still says that no booking was made.
    expect(problemText({ decline: "card_declined", message: "" }, "en")).toContain("No booking was made");
  });
});
