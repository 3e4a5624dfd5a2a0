import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeEntryReducer, codeFromState, initialCodeEntryState, isCodeComplete } from "./code-entry-reducer.ts";

// ADR 116: the e-mailed code is one field; what is typed, pasted or suggested keeps its digits.

describe("code entry (docs/product.md §5 verification code, WCAG 2.2 3.3.8)", () => {
  it("starts empty, Continue disabled", () => {
    const state = initialCodeEntryState();
    expect(codeFromState(state)).toBe("");
    expect(isCodeComplete(state)).toBe(false);
  });

  it("takes digits as they are typed and is complete at four", () => {
    let state = initialCodeEntryState();
    for (const value of ["4", "42", "429"]) state = codeEntryReducer(state, { type: "input", value });
    expect(isCodeComplete(state)).toBe(false);
    state = codeEntryReducer(state, { type: "input", value: "4291" });
    expect(codeFromState(state)).toBe("4291");
    expect(isCodeComplete(state)).toBe(true);
  });

  it("keeps the digits of a pasted or suggested code and drops spaces, dashes and letters", () => {
    for (const pasted of [" 4291 ", "42 91", "42-91", "Code: 4291"]) {
      expect(codeFromState(codeEntryReducer(initialCodeEntryState(), { type: "input", value: pasted }))).toBe("4291");
    }
  });

  it("never holds more digits than the code has", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const state = codeEntryReducer(initialCodeEntryState(), { type: "input", value: text });
        expect(state.code).toMatch(/^\d{0,4}$/);
      }),
    );
  });

  it("empties on reset (after a wrong code)", () => {
    const filled = codeEntryReducer(initialCodeEntryState(), { type: "input", value: "1234" });
    expect(codeFromState(codeEntryReducer(filled, { type: "reset" }))).toBe("");
  });
});
