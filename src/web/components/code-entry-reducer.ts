import { verificationCodeLength } from "../../shared/account.ts";

// docs/product.md §5 verification code: exactly 4 digits; each box takes one digit and strips non-digits;
// focus advances on entry and moves back on Backspace in an empty box; a pasted code fills the
// boxes. Kept pure so the behaviour is tested without a browser.

export type CodeEntryState = {
  digits: string[];
  /** The box that should hold focus after the last action. */
  focusIndex: number;
};

export type CodeEntryAction =
  | { type: "input"; index: number; value: string }
  | { type: "backspace"; index: number }
  | { type: "paste"; index: number; text: string }
  | { type: "reset" };

export function initialCodeEntryState(length = verificationCodeLength): CodeEntryState {
  return { digits: Array.from({ length }, () => ""), focusIndex: 0 };
}

function onlyDigits(text: string) {
  return text.replace(/\D/g, "");
}

/** Writes digits into the boxes from `index` onward and focuses the box after the last one. */
function fillFrom(state: CodeEntryState, index: number, digits: string): CodeEntryState {
  const next = [...state.digits];
  let position = index;
  for (const digit of digits) {
    if (position >= next.length) break;
    next[position] = digit;
    position += 1;
  }
  return { digits: next, focusIndex: Math.min(position, next.length - 1) };
}

export function codeEntryReducer(state: CodeEntryState, action: CodeEntryAction): CodeEntryState {
  switch (action.type) {
    case "input": {
      const digits = onlyDigits(action.value);
      if (digits.length === 0) {
        // A cleared box (or only non-digits typed): empty it, keep focus where it is.
        const next = [...state.digits];
        next[action.index] = "";
        return { digits: next, focusIndex: action.index };
      }
      if (digits.length === 1) return fillFrom(state, action.index, digits);
      // Typing into a filled box gives "old+new"; browser autofill gives the whole code.
      const previous = state.digits[action.index];
      const typed = digits.length === 2 && previous && digits.startsWith(previous) ? digits.slice(1) : digits;
      return fillFrom(state, typed.length >= state.digits.length ? 0 : action.index, typed);
    }
    case "backspace": {
      if (state.digits[action.index] !== "" || action.index === 0) return { ...state, focusIndex: action.index };
      return { ...state, focusIndex: action.index - 1 };
    }
    case "paste": {
      const digits = onlyDigits(action.text);
      if (digits.length === 0) return state;
      // A whole code fills every box whichever box had focus.
      const start = digits.length >= state.digits.length ? 0 : action.index;
      return fillFrom(state, start, digits);
    }
    case "reset":
      return initialCodeEntryState(state.digits.length);
  }
}

export function codeFromState(state: CodeEntryState): string {
  return state.digits.join("");
}

/** docs/product.md §5: Continue is enabled only when all four boxes hold a digit. */
export function isCodeComplete(state: CodeEntryState): boolean {
  return state.digits.every((digit) => /^\d$/.test(digit));
}
