import { useEffect, useId, useReducer, useState } from "react";
import { toast } from "sonner";
import type { ProfileEmail } from "../../../../shared/profile.ts";
import { CodeEntry } from "../../../components/code-entry.tsx";
import { codeEntryReducer, codeFromState, initialCodeEntryState, isCodeComplete } from "../../../components/code-entry-reducer.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage } from "../../../components/ui/field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useResendEmailCode, useVerifyEmail } from "./api.ts";
import "./profile-translations.ts";

// ADR 061: an additional address counts once its owner types the 4-digit code we mailed to it
// (valid 10 minutes, 5 tries); a new code at most once a minute (docs/product.md §9).

function secondsUntil(time: string | null, now: number): number {
  return time ? Math.max(0, Math.ceil((new Date(time).getTime() - now) / 1000)) : 0;
}

export function EmailCodeForm({ email }: { email: ProfileEmail }) {
  const { t } = useTranslation("profile");
  const labelId = useId();
  const errorId = useId();
  const [code, dispatch] = useReducer(codeEntryReducer, undefined, () => initialCodeEntryState());
  const [error, setError] = useState<string | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const wait = secondsUntil(email.resendAvailableAt, now);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [wait]);

  function describe(failure: unknown): string | undefined {
    if (isApiError(failure, "invalid_code")) return t("emails.invalidCode");
    if (isApiError(failure, "code_expired")) return t("emails.codeExpired");
    if (isApiError(failure, "too_many_attempts")) return t("emails.tooManyAttempts");
    if (isApiError(failure) && failure.fields.code) return failure.fields.code;
    return undefined;
  }

  async function submit() {
    if (!isCodeComplete(code)) {
      setError(t("validation.codeFormat"));
      return;
    }
    try {
      await verify.mutateAsync({ id: email.id, code: codeFromState(code) });
      toast.success(t("emails.verifiedToast", { email: email.email }));
    } catch (failure) {
      setError(describe(failure));
      dispatch({ type: "reset" });
    }
  }

  return (
    <div className="mt-3 rounded-md border border-ink-line/15 bg-paper p-4" data-testid="email-code-form">
      <p id={labelId} className="mb-3 text-sm font-medium text-ink">
        {t("emails.codeLabel", { email: email.email })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <CodeEntry
          state={code}
          dispatch={dispatch}
          labelId={labelId}
          autoFocus={false}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          disabled={verify.isPending}
          onComplete={() => void submit()}
          digitLabel={(position, total) => t("emails.digit", { position, total })}
        />
        <Button type="button" size="sm" className="min-h-11" loading={verify.isPending} onClick={() => void submit()}>
          {t("emails.verify")}
        </Button>
      </div>
      <FieldMessage id={errorId} message={error} />
      <Button
        type="button"
        variant="link"
        className="mt-2"
        disabled={wait > 0 || resend.isPending}
        onClick={() =>
          resend.mutate(email.id, {
            onSuccess: () => {
              setError(undefined);
              dispatch({ type: "reset" });
              toast.success(t("emails.codeSent", { email: email.email }));
            },
          })
        }
      >
        {wait > 0 ? t("emails.resendIn", { seconds: wait }) : t("emails.resend")}
      </Button>
    </div>
  );
}
