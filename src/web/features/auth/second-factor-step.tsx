import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { backupCodeSchema, totpCodeSchema } from "../../../shared/account-security.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useFinishSignIn } from "./api.ts";
import { isApiError } from "./auth-errors.ts";
import "./auth-translations.ts";
import "./second-factor-translations.ts";

// The second sign-in step (ADR 063, NIST SP 800-63B §5.1.4 TOTP): after the right
// password of an account with two-factor authentication on, a code from the authenticator app or
// one backup code finishes the sign-in. A dead challenge (expired, too many codes) sends the person
// back to the password.

type SecondFactorStepProps = {
  onSignedIn: () => Promise<void>;
  /** The challenge ended: the password is needed again. */
  onStartOver: () => void;
  /** False where the surrounding page or dialog already titles the step. */
  heading?: boolean;
};

// Each method's code is checked by its own schema; the form is built again when the method changes.
const codeSchemas = {
  totp: z.object({ code: totpCodeSchema }),
  backup: z.object({ code: backupCodeSchema }),
} as const;

export function SecondFactorStep(props: SecondFactorStepProps) {
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [error, setError] = useState<string | null>(null);
  return (
    <CodeForm
      key={method}
      {...props}
      method={method}
      onSwitch={() => setMethod(method === "totp" ? "backup" : "totp")}
      error={error}
      setError={setError}
    />
  );
}

type CodeFormProps = SecondFactorStepProps & {
  method: "totp" | "backup";
  onSwitch: () => void;
  error: string | null;
  setError: (error: string | null) => void;
};

function CodeForm({ onSignedIn, onStartOver, heading = true, method, onSwitch, error, setError }: CodeFormProps) {
  const { t } = useTranslation("second-factor");
  const { t: tAuth } = useTranslation("auth");
  const form = useForm({ resolver: zodResolver(codeSchemas[method]), defaultValues: { code: "" } });
  const issue = form.formState.errors.code;
  const fieldError = issue && (issue.type === "server" ? issue.message : method === "totp" ? t("totpFormat") : t("backupFormat"));
  const busy = form.formState.isSubmitting;
  const finish = useFinishSignIn({
    errorTitleKey: "second-factor:failedTitle",
    // Wrong codes are shown beside the field; an ended challenge in the notice below.
    inlineErrors: ["invalid_two_factor_code", "two_factor_code_used", "two_factor_expired", "too_many_attempts", "invalid_input"],
  });

  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    const wrong = (message: string) => form.setError("code", { type: "server", message }, { shouldFocus: true });
    try {
      await finish.mutateAsync({ method, code });
      toast.success(tAuth("password.signedIn"));
      await onSignedIn();
    } catch (failure) {
      if (isApiError(failure, "invalid_two_factor_code", "invalid_input")) wrong(t("invalidCode"));
      else if (isApiError(failure, "two_factor_code_used")) wrong(t("codeUsed"));
      else if (isApiError(failure, "two_factor_expired")) setError(t("expired"));
      else if (isApiError(failure, "too_many_attempts")) setError(t("tooMany"));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate data-testid="second-factor-step">
      <div>
        {heading && <h2 className="text-xl text-ink">{t("title")}</h2>}
        <p className="mt-1 text-sm text-stone">{method === "totp" ? t("totpIntro") : t("backupIntro")}</p>
      </div>
      {/* A controlled field, so that the input keeps the name password managers know ("totp"). */}
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <Field
            label={method === "totp" ? t("codeLabel") : t("backupLabel")}
            name={method === "totp" ? "totp" : "backup-code"}
            inputMode={method === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={method === "totp" ? 7 : 11}
            autoFocus
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldError}
          />
        )}
      />
      {error && (
        <Notice tone="error" title={error} testId="second-factor-error">
          <Button variant="outline" size="sm" className="text-ink" onClick={onStartOver}>
            {t("startOver")}
          </Button>
        </Notice>
      )}
      <Button type="submit" variant="secondary" className="w-full" loading={busy}>
        {busy ? t("verifying") : t("verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" onClick={onSwitch}>
          {method === "totp" ? t("useBackup") : t("useApp")}
        </Button>
        <Button variant="link-muted" onClick={onStartOver}>
          {t("startOver")}
        </Button>
      </div>
    </form>
  );
}
