import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeEntryReducer, codeFromState, initialCodeEntryState, isCodeComplete, type CodeEntryState } from "./code-entry-reducer.ts";

function typeSequence(state: CodeEntryState, characters: string[]) {
  return characters.reduce(
    (current, character) => codeEntryReducer(current, { type: "input", index: current.focusIndex, value: character }),
    state,
  );
}

describe("code entry (docs/product.md §5 verification code)", () => {
  it("starts with four empty boxes, focus on the first, Continue disabled", () => {
    const state = initialCodeEntryState();
    expect(state.digits).toEqual(["", "", "", ""]);
    expect(state.focusIndex).toBe(0);
    expect(isCodeComplete(state)).toBe(false);
  });

  it("takes one digit per box and advances focus", () => {
    let state = codeEntryReducer(initialCodeEntryState(), { type: "input", index: 0, value: "4" });
    expect(state.digits).toEqual(["4", "", "", ""]);
    expect(state.focusIndex).toBe(1);
    state = typeSequence(state, ["2", "9", "1"]);
    expect(codeFromState(state)).toBe("4291");
    expect(state.focusIndex).toBe(3);
    expect(isCodeComplete(state)).toBe(true);
  });

  it("strips non-digits and leaves the box empty and focused when nothing numeric was typed", () => {
    const state = codeEntryReducer(initialCodeEntryState(), { type: "input", index: 0, value: "a" });
    expect(state.digits).toEqual(["", "", "", ""]);
    expect(state.focusIndex).toBe(0);
    const mixed = codeEntryReducer(initialCodeEntryState(), { type: "input", index: 1, value: "x7" });
    expect(mixed.digits).toEqual(["", "7", "", ""]);
    expect(mixed.focusIndex).toBe(2);
  });

  it("replaces the digit when typing into a filled box", () => {
    const filled = typeSequence(initialCodeEntryState(), ["1", "2", "3", "4"]);
    const state = codeEntryReducer(filled, { type: "input", index: 1, value: "28" });
    expect(codeFromState(state)).toBe("1834");
    expect(state.focusIndex).toBe(2);
  });

  it("moves focus back on Backspace in an empty box and stays in a filled one", () => {
    const state = typeSequence(initialCodeEntryState(), ["1", "2"]);
    expect(state.focusIndex).toBe(2);
    const back = codeEntryReducer(state, { type: "backspace", index: 2 });
    expect(back.focusIndex).toBe(1);
    expect(back.digits).toEqual(["1", "2", "", ""]);
    const stay = codeEntryReducer(back, { type: "backspace", index: 1 });
    expect(stay.focusIndex).toBe(1);
    const first = codeEntryReducer(initialCodeEntryState(), { type: "backspace", index: 0 });
    expect(first.focusIndex).toBe(0);
  });

  it("clears a box when its digit is deleted", () => {
    const state = typeSequence(initialCodeEntryState(), ["1", "2", "3"]);
    const cleared = codeEntryReducer(state, { type: "input", index: 2, value: "" });
    expect(cleared.digits).toEqual(["1", "2", "", ""]);
    expect(cleared.focusIndex).toBe(2);
    expect(isCodeComplete(cleared)).toBe(false);
  });

  it("fills all four boxes from a pasted code, whichever box had focus, ignoring spaces and dashes", () => {
    const state = codeEntryReducer(initialCodeEntryState(), { type: "paste", index: 2, text: " 12-34 " });
    expect(state.digits).toEqual(["1", "2", "3", "4"]);
    expect(state.focusIndex).toBe(3);
    expect(isCodeComplete(state)).toBe(true);
  });

  it("fills from the focused box when fewer digits are pasted and ignores a paste without digits", () => {
    const partial = codeEntryReducer(initialCodeEntryState(), { type: "paste", index: 1, text: "56" });
    expect(partial.digits).toEqual(["", "5", "6", ""]);
    expect(partial.focusIndex).toBe(3);
    const unchanged = codeEntryReducer(partial, { type: "paste", index: 0, text: "abc" });
    expect(unchanged).toBe(partial);
  });

  it("accepts a whole code delivered into one box by autofill", () => {
    const state = codeEntryReducer(initialCodeEntryState(), { type: "input", index: 0, value: "9876" });
    expect(codeFromState(state)).toBe("9876");
  });

  it("resets to empty boxes", () => {
    const state = codeEntryReducer(typeSequence(initialCodeEntryState(), ["1", "2", "3", "4"]), { type: "reset" });
    expect(state).toEqual(initialCodeEntryState());
  });

  it("never holds anything but single digits, whatever is typed or pasted", () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant("input" as const), index: fc.integer({ min: 0, max: 3 }), value: fc.string({ maxLength: 6 }) }),
      fc.record({ type: fc.constant("backspace" as const), index: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ type: fc.constant("paste" as const), index: fc.integer({ min: 0, max: 3 }), text: fc.string({ maxLength: 10 }) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const state = actions.reduce(codeEntryReducer, initialCodeEntryState());
        expect(state.digits).toHaveLength(4);
        for (const digit of state.digits) expect(digit).toMatch(/^\d?$/);
        expect(state.focusIndex).toBeGreaterThanOrEqual(0);
        expect(state.focusIndex).toBeLessThanOrEqual(3);
      }),
    );
  });
});
