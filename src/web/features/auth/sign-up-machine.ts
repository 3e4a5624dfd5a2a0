import type { CodeSent } from "./api.ts";

// docs/product.md §4 sign-up: e-mail → code (10 minutes, a new code at most once a minute) →
// personal details → signed in; an address that already has an account goes back to the start
// with a notice offering the password step. One machine for both ways in (the /login and
// /register page, the booking page's dialog); each screen draws its own fields around it.
// ADR 206. Pure, so every transition is tested without a browser (sign-up-machine.test.ts).

/**
 * Where the new password is typed: on the first step (the booking dialog asks for e-mail and
 * password together) or with the personal details (the /register page). A refused password
 * sends the dialog back to its first step, while the page keeps the details form open.
 */
export type PasswordPlace = "start" | "details";

export type Verified = { email: string; token: string };

export type SignUpState = {
  step: "start" | "code" | "details" | "created";
  passwordOn: PasswordPlace;
  /** The address the last code went to ("" before the first). */
  email: string;
  /** The code in force, kept on the way back to the start so a refused resend (cooldown) reuses it. */
  codeSent: CodeSent | null;
  /** A verified code's token, kept on the way back so the same address needs no second code. */
  verified: Verified | null;
  /** The address turned out to have an account: offer to sign in instead. */
  accountExists: boolean;
  /** The 10-minute window ended (or the server said the code or token expired). */
  timedOut: boolean;
};

export type SignUpEvent =
  | { type: "codeSent"; email: string; codeSent: CodeSent }
  /** The server refused a new code within the minute: the one already sent is still good. */
  | { type: "cooldown" }
  | { type: "codeResent"; codeSent: CodeSent }
  | { type: "verified"; token: string }
  /** The start was submitted again with the address already verified. */
  | { type: "resume" }
  | { type: "accountExists"; email: string }
  | { type: "dismissAccountExists" }
  | { type: "expired" }
  | { type: "weakPassword" }
  /** "Use a different e-mail" in the dialog: back to the start, keeping the code and the token. */
  | { type: "back" }
  /** Start over from nothing (the page's "Use a different e-mail", a dialog closed). */
  | { type: "restart" }
  | { type: "created" };

export function initialSignUpState(passwordOn: PasswordPlace): SignUpState {
  return { step: "start", passwordOn, email: "", codeSent: null, verified: null, accountExists: false, timedOut: false };
}

/** Whether submitting `email` at the start can skip the code: it was verified a moment ago. */
export function canResume(state: SignUpState, email: string): boolean {
  return state.verified !== null && state.verified.email === email;
}

export function signUpReducer(state: SignUpState, event: SignUpEvent): SignUpState {
  switch (event.type) {
    case "codeSent":
      return { ...state, step: "code", email: event.email, codeSent: event.codeSent, accountExists: false, timedOut: false };
    case "cooldown":
      return state.codeSent ? { ...state, step: "code", accountExists: false } : state;
    case "codeResent":
      return state.step === "code" ? { ...state, codeSent: event.codeSent } : state;
    case "verified":
      return state.step === "code" ? { ...state, step: "details", verified: { email: state.email, token: event.token } } : state;
    case "resume":
      return state.step === "start" && state.verified
        ? { ...state, step: "details", email: state.verified.email, accountExists: false }
        : state;
    case "accountExists":
      return {
        ...state,
        step: "start",
        email: event.email,
        accountExists: true,
        // A token for this address can no longer create an account; one for another address still can.
        verified: state.verified?.email === event.email ? null : state.verified,
      };
    case "dismissAccountExists":
      return { ...state, accountExists: false };
    case "expired":
      return { ...state, step: "start", codeSent: null, verified: null, accountExists: false, timedOut: true };
    case "weakPassword":
      return state.step === "details" && state.passwordOn === "start" ? { ...state, step: "start" } : state;
    case "back":
      return { ...state, step: "start", accountExists: false, timedOut: false };
    case "restart":
      return initialSignUpState(state.passwordOn);
    case "created":
      return state.step === "details" ? { ...state, step: "created" } : state;
  }
}
