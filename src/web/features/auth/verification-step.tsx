import { useId, useReducer, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useSendCode, useVerifyCode, type CodeSent } from "./api.ts";
import { attemptsLeftFrom, authErrorMessage, isApiError } from "./auth-errors.ts";
import { codeEntryReducer, codeFromState, initialCodeEntryState, isCodeComplete } from "../../components/code-entry-reducer.ts";
import { CodeEntry } from "../../components/code-entry.tsx";
import { formatCountdown, useCountdown, useDeadline } from "./use-verification-timers.ts";

// docs/product.md §4 verification and §5 verification code, shared by the login page and the booking
// dialog: four boxes, Continue only with four digits, Resend at most once per minute with a
// visible countdown, 'Invalid Code', and 'Verification Timeout' when the 10-minute window ends.

type VerificationStepProps = {
  email: string;
  codeSent: CodeSent;
  onCodeResent: (codeSent: CodeSent) => void;
  onVerified: (verificationToken: string) => void;
  /** The 10-minute window ended (or the server says the code expired): start sign-up again. */
  onTimeout: () => void;
};

export function VerificationStep({ email, codeSent, onCodeResent, onVerified, onTimeout }: VerificationStepProps) {
  const { t } = useTranslation("auth");
  const labelId = useId();
  const errorId = useId();
  const [code, dispatch] = useReducer(codeEntryReducer, undefined, () => initialCodeEntryState());
  const [error, setError] = useState<{ title: string; body: string } | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const resendSeconds = useCountdown(codeSent.resendAvailableAt);
  // The code entry shows its own failures (attempts left, docs/product.md §8); other failures also toast (ADR 025).
  const verifyCode = useVerifyCode({
    inlineErrors: ["code_expired", "invalid_code", "too_many_attempts"],
    errorTitleKey: "auth:code.verificationFailed",
  });
  const sendCode = useSendCode({ inlineErrors: ["resend_cooldown"] });

  function timeout() {
    toast.error(t("code.timeoutTitle"), { description: t("code.timeoutBody") });
    onTimeout();
  }

  useDeadline(codeSent.expiresAt, timeout);

  async function verify(event?: FormEvent) {
    event?.preventDefault();
    if (!isCodeComplete(code) || verifying) return;
    setVerifying(true);
    setError(null);
    try {
      const { verificationToken } = await verifyCode.mutateAsync({ email, code: codeFromState(code) });
      toast.success(t("code.verified"));
      onVerified(verificationToken);
    } catch (failure) {
      if (isApiError(failure, "code_expired")) {
        timeout();
        return;
      }
      if (isApiError(failure, "invalid_code")) {
        const attemptsLeft = attemptsLeftFrom(failure);
        const body = [t("code.invalidBody"), attemptsLeft === null ? "" : t("code.attemptsLeft", { count: attemptsLeft })].join(" ").trim();
        setError({ title: t("code.invalidTitle"), body });
        toast.error(t("code.invalidTitle"), { description: t("code.invalidBody") });
      } else if (isApiError(failure, "too_many_attempts")) {
        setError({ title: t("code.tooManyTitle"), body: t("code.tooManyBody") });
      } else {
        setError({ title: t("code.verificationFailed"), body: authErrorMessage(failure, t) });
      }
      dispatch({ type: "reset" });
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    if (resending) return;
    if (resendSeconds > 0) {
      toast.warning(t("code.waitTitle"), { description: t("code.waitBody") });
      return;
    }
    setResending(true);
    try {
      const next = await sendCode.mutateAsync(email);
      onCodeResent(next);
      dispatch({ type: "reset" });
      setError(null);
      toast.success(t("code.resentTitle"), { description: t("code.resentBody", { email }) });
    } catch (failure) {
      if (isApiError(failure, "resend_cooldown")) toast.warning(t("code.waitTitle"), { description: t("code.waitBody") });
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={(event) => void verify(event)} className="space-y-5" noValidate>
      <p id={labelId} className="text-center text-sm font-medium text-ink">
        {t("code.label")}
      </p>
      <CodeEntry
        digitLabel={(position, total) => t("code.digit", { position, total })}
        state={code}
        dispatch={dispatch}
        labelId={labelId}
        disabled={verifying}
        invalid={error !== null}
        describedBy={error ? errorId : undefined}
        onComplete={() => void verify()}
      />
      {error && (
        <div id={errorId}>
          <Notice tone="error" title={error.title} testId="code-error">
            <p>{error.body}</p>
          </Notice>
        </div>
      )}
      <Button type="submit" variant="secondary" className="w-full" loading={verifying} disabled={!isCodeComplete(code)}>
        {verifying ? t("code.verifying") : t("common.continue")}
      </Button>
      <div className="text-center">
        <Button
          variant="link"
          onClick={() => void resend()}
          // aria-disabled keeps the button focusable; a press during the countdown explains the wait.
          aria-disabled={resendSeconds > 0 || resending}
          aria-busy={resending || undefined}
          data-testid="resend-code"
        >
          {resending
            ? t("code.resending")
            : resendSeconds > 0
              ? t("code.resendIn", { time: formatCountdown(resendSeconds) })
              : t("code.resend")}
        </Button>
      </div>
    </form>
  );
}
