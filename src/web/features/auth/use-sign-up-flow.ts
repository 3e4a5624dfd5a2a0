import { useReducer } from "react";
import { toast } from "sonner";
import type { SignUpInput } from "../../../shared/account.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useSendCode, useSignUp } from "./api.ts";
import { isApiError } from "./auth-errors.ts";
import { canResume, initialSignUpState, signUpReducer, type PasswordPlace } from "./sign-up-machine.ts";
import { useDeadline } from "./use-verification-timers.ts";

// The sign-up machine (sign-up-machine.ts) with its calls: sending the code, creating the account,
// and what each answer moves it to (docs/product.md §4 sign-up, §8 error catalogue). The login page
// and the booking dialog both run this one; they differ only in the fields they draw.

export type SendCodeOutcome = "sent" | "resumed" | "accountExists" | "failed";

export type AccountDetails = Omit<SignUpInput, "verificationToken" | "email" | "language">;

export type CreateAccountOutcome =
  | { kind: "created" }
  | { kind: "weakPassword" }
  | { kind: "expired" }
  | { kind: "accountExists" }
  /** Refused for another reason: the server's field messages, if any (a toast has said why). */
  | { kind: "failed"; fields: Record<string, string> };

export function useSignUpFlow(passwordOn: PasswordPlace) {
  const { t } = useTranslation("auth");
  const [state, dispatch] = useReducer(signUpReducer, passwordOn, initialSignUpState);
  // Failures reach the visitor through the query client's one error handler (ADR 025); the codes
  // listed here are answered by the machine instead.
  const sendCodeRequest = useSendCode({
    errorTitleKey: "auth:details.signUpFailed",
    inlineErrors: (error) => error.code === "account_exists" || (error.code === "resend_cooldown" && state.codeSent !== null),
  });
  const signUpRequest = useSignUp({
    errorTitleKey: "auth:details.failed",
    inlineErrors: ["weak_password", "code_expired", "invalid_token", "account_exists"],
  });

  function accountExists(email: string) {
    dispatch({ type: "accountExists", email });
    toast.error(t("accountExists.title"), { description: t("accountExists.body") });
  }

  /** The verification window ended: say so and start again (docs/product.md §8 'Verification Timeout'). */
  function expire() {
    toast.error(t("code.timeoutTitle"), { description: t("code.timeoutBody") });
    dispatch({ type: "expired" });
  }

  // The details must be sent inside the 10-minute window too (docs/product.md §4).
  useDeadline(state.step === "details" && state.codeSent ? state.codeSent.expiresAt : null, expire);

  async function sendCode(email: string): Promise<SendCodeOutcome> {
    // A refused password sent the dialog back here after the code was verified: no second code needed.
    if (canResume(state, email)) {
      dispatch({ type: "resume" });
      return "resumed";
    }
    try {
      const codeSent = await sendCodeRequest.mutateAsync(email);
      dispatch({ type: "codeSent", email, codeSent });
      toast.success(t("code.sentTitle"), { description: t("code.sentBody") });
      return "sent";
    } catch (failure) {
      if (isApiError(failure, "account_exists")) {
        accountExists(email);
        return "accountExists";
      }
      if (isApiError(failure, "resend_cooldown") && state.codeSent) {
        // A code for this address was sent under a minute ago: use it.
        dispatch({ type: "cooldown" });
        return "sent";
      }
      return "failed";
    }
  }

  async function createAccount(details: AccountDetails): Promise<CreateAccountOutcome> {
    const verified = state.verified;
    if (state.step !== "details" || !verified) return { kind: "expired" };
    try {
      await signUpRequest.mutateAsync({ verificationToken: verified.token, email: verified.email, ...details });
      toast.success(t("details.created"));
      dispatch({ type: "created" });
      return { kind: "created" };
    } catch (failure) {
      if (isApiError(failure, "weak_password")) {
        dispatch({ type: "weakPassword" });
        return { kind: "weakPassword" };
      }
      if (isApiError(failure, "code_expired", "invalid_token")) {
        expire();
        return { kind: "expired" };
      }
      if (isApiError(failure, "account_exists")) {
        accountExists(verified.email);
        return { kind: "accountExists" };
      }
      return { kind: "failed", fields: isApiError(failure) ? failure.fields : {} };
    }
  }

  return {
    state,
    sendCode,
    createAccount,
    /** The verification step's own timeout (it has toasted already). */
    expired: () => dispatch({ type: "expired" }),
    codeResent: (codeSent: NonNullable<typeof state.codeSent>) => dispatch({ type: "codeResent", codeSent }),
    verified: (token: string) => dispatch({ type: "verified", token }),
    dismissAccountExists: () => dispatch({ type: "dismissAccountExists" }),
    back: () => dispatch({ type: "back" }),
    restart: () => dispatch({ type: "restart" }),
  };
}

export type SignUpFlow = ReturnType<typeof useSignUpFlow>;
