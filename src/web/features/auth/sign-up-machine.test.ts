import { describe, expect, it } from "vitest";
import { canResume, initialSignUpState, signUpReducer, type SignUpEvent, type SignUpState } from "./sign-up-machine.ts";

// docs/product.md §4 sign-up, as both the /register page and the booking dialog run it: e-mail → code →
// personal details → created, with the answers that send it back (timeout, an existing account,
// a refused password) and the resend rules (a new code at most once a minute).

const first = { expiresAt: "2026-11-26T17:10:00.000Z", resendAvailableAt: "2026-11-26T17:01:00.000Z" };
const second = { expiresAt: "2026-11-26T17:12:00.000Z", resendAvailableAt: "2026-11-26T17:03:00.000Z" };
const email = "astrid@example.se";

const run = (state: SignUpState, ...events: SignUpEvent[]) => events.reduce(signUpReducer, state);
const verifiedOn = (passwordOn: "start" | "details") =>
  run(initialSignUpState(passwordOn), { type: "codeSent", email, codeSent: first }, { type: "verified", token: "token-1" });

describe("sign-up machine", () => {
  it("goes from the e-mail to the code, the details and the created account", () => {
    let state = initialSignUpState("details");
    expect(state.step).toBe("start");
    state = signUpReducer(state, { type: "codeSent", email, codeSent: first });
    expect(state).toMatchObject({ step: "code", email, codeSent: first });
    state = signUpReducer(state, { type: "codeResent", codeSent: second });
    expect(state.codeSent).toEqual(second);
    state = signUpReducer(state, { type: "verified", token: "token-1" });
    expect(state).toMatchObject({ step: "details", verified: { email, token: "token-1" } });
    state = signUpReducer(state, { type: "created" });
    expect(state.step).toBe("created");
  });

  it("ignores a step's events once it has left that step", () => {
    const start = initialSignUpState("start");
    expect(signUpReducer(start, { type: "verified", token: "late" })).toBe(start);
    expect(signUpReducer(start, { type: "codeResent", codeSent: second })).toBe(start);
    expect(signUpReducer(start, { type: "created" })).toBe(start);
    expect(signUpReducer(start, { type: "resume" })).toBe(start);
  });

  it("reuses the code already sent when the server refuses a new one within the minute", () => {
    const back = run(initialSignUpState("start"), { type: "codeSent", email, codeSent: first }, { type: "back" });
    expect(back.step).toBe("start");
    expect(signUpReducer(back, { type: "cooldown" })).toMatchObject({ step: "code", codeSent: first });
    // With no code in hand the refusal leaves the visitor where they are (the toast says to wait).
    const fresh = initialSignUpState("start");
    expect(signUpReducer(fresh, { type: "cooldown" })).toBe(fresh);
  });

  it("starts again, saying so, when the 10-minute window ends on the code or the details", () => {
    for (const state of [
      run(initialSignUpState("details"), { type: "codeSent", email, codeSent: first }),
      verifiedOn("details"),
      verifiedOn("start"),
    ]) {
      const expired = signUpReducer(state, { type: "expired" });
      expect(expired).toMatchObject({ step: "start", codeSent: null, verified: null, timedOut: true });
      expect(canResume(expired, email)).toBe(false);
      // The next code clears the notice.
      expect(signUpReducer(expired, { type: "codeSent", email, codeSent: second }).timedOut).toBe(false);
    }
  });

  it("offers sign-in for an address that has an account, and forgets a token for it", () => {
    const atStart = signUpReducer(initialSignUpState("start"), { type: "accountExists", email });
    expect(atStart).toMatchObject({ step: "start", accountExists: true, email });
    expect(signUpReducer(atStart, { type: "dismissAccountExists" }).accountExists).toBe(false);

    const taken = signUpReducer(verifiedOn("start"), { type: "accountExists", email });
    expect(taken).toMatchObject({ step: "start", accountExists: true, verified: null });

    // A token for another address (verified, then 'Use a different e-mail') is kept.
    const other = signUpReducer(signUpReducer(verifiedOn("start"), { type: "back" }), { type: "accountExists", email: "karin@example.se" });
    expect(other.verified).toEqual({ email, token: "token-1" });
  });

  it("sends the dialog back to its password after a refused password, and resumes without a second code", () => {
    const refused = signUpReducer(verifiedOn("start"), { type: "weakPassword" });
    expect(refused.step).toBe("start");
    expect(canResume(refused, email)).toBe(true);
    expect(canResume(refused, "karin@example.se")).toBe(false);
    expect(signUpReducer(refused, { type: "resume" })).toMatchObject({ step: "details", verified: { email, token: "token-1" } });
  });

  it("keeps the page's details form open after a refused password (the password is typed there)", () => {
    const details = verifiedOn("details");
    expect(signUpReducer(details, { type: "weakPassword" })).toBe(details);
  });

  it("forgets everything on restart but where the password is typed", () => {
    const restarted = signUpReducer(verifiedOn("start"), { type: "restart" });
    expect(restarted).toEqual(initialSignUpState("start"));
  });
});
