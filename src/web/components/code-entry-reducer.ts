import { verificationCodeLength } from "../../shared/account.ts";

// docs/product.md §5 verification code: exactly 4 digits. ADR 116 (WCAG 2.2 3.3.8 Accessible Authentication):
// one field, not a box per digit, so the phone's suggestion from the mail, a password manager and
// a paste all land whole. Whatever arrives is reduced to its digits (a pasted " 12 34 " is 1234)
// and cut at the code's length. Kept pure so the behaviour is tested without a browser.

export type CodeEntryState = {
  /** The digits entered so far, never more than `length`. */
  code: string;
  length: number;
};

export type CodeEntryAction = { type: "input"; value: string } | { type: "reset" };

export function initialCodeEntryState(length = verificationCodeLength): CodeEntryState {
  return { code: "", length };
}

export function codeEntryReducer(state: CodeEntryState, action: CodeEntryAction): CodeEntryState {
  switch (action.type) {
    case "input":
      return { ...state, code: action.value.replace(/\D/g, "").slice(0, state.length) };
    case "reset":
      return initialCodeEntryState(state.length);
  }
}

export function codeFromState(state: CodeEntryState): string {
  return state.code;
}

/** docs/product.md §5: Continue is enabled only when the whole code is there. */
export function isCodeComplete(state: CodeEntryState): boolean {
  return state.code.length === state.length;
}
