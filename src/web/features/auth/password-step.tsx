import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signInSchema } from "../../../shared/account.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useRequestPasswordReset, useSignIn } from "./api.ts";
import { authErrorMessage, translateFieldMessage } from "./auth-errors.ts";
import { FormField } from "./form-field.tsx";
import { Notice, Spinner } from "./notice.tsx";

// SPEC §2 and §8 password step: sign in; 'Forgot your password?' sends a reset link (button text
// 'Sending reset link...' while busy); a failed sign-in reads 'The email or password you entered
// is incorrect'; the 'Account Exists' notice shows when sign-up found an existing account.

const passwordOnlySchema = signInSchema.pick({ password: true });

// SPEC §9: password toasts last 3 seconds.
const passwordToastDuration = 3000;

type PasswordStepProps = {
  email: string;
  accountExists: boolean;
  onDismissAccountExists: () => void;
  onSignedIn: () => Promise<void>;
};

export function PasswordStep({ email, accountExists, onDismissAccountExists, onSignedIn }: PasswordStepProps) {
  const { t } = useTranslation("auth");
  const form = useForm({ resolver: zodResolver(passwordOnlySchema), defaultValues: { password: "" } });
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [sendingReset, setSendingReset] = useState(false);
  // SPEC §8: a failed sign-in reads 'The email or password you entered is incorrect' (auth-errors.ts).
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset({ errorToastDuration: passwordToastDuration });

  const submit = form.handleSubmit(async ({ password }) => {
    setSigningIn(true);
    setError(null);
    try {
      await signIn.mutateAsync({ email, password });
      toast.success(t("password.signedIn"));
      await onSignedIn();
    } catch (failure) {
      // The toast comes from the query client's one error handler (ADR 025); the form repeats it.
      setError(authErrorMessage(failure, t));
      form.setFocus("password");
    } finally {
      setSigningIn(false);
    }
  });

  async function sendResetLink() {
    if (sendingReset) return;
    setSendingReset(true);
    try {
      await requestReset.mutateAsync(email);
      toast.success(t("password.resetSentTitle"), { description: t("password.resetSentBody"), duration: passwordToastDuration });
    } catch {
      // Shown by the query client's one error handler (ADR 025).
    } finally {
      setSendingReset(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
      {accountExists && (
        <Notice tone="warning" title={t("accountExists.title")} testId="account-exists">
          <p>{t("accountExists.body")}</p>
          <button
            type="button"
            className="button-outline min-h-10 px-4 text-ink"
            onClick={() => {
              onDismissAccountExists();
              form.setFocus("password");
            }}
          >
            {t("accountExists.signInInstead")}
          </button>
        </Notice>
      )}
      {/* The e-mail travels with the form so password managers save the right pair. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        label={t("common.password")}
        type="password"
        required
        autoComplete="current-password"
        autoFocus={!accountExists}
        error={translateFieldMessage(form.formState.errors.password?.message, t)}
        {...form.register("password")}
      />
      {error && <Notice tone="error" title={error} testId="sign-in-error" />}
      <button type="submit" className="button-dark w-full" disabled={signingIn}>
        {signingIn && <Spinner />}
        {signingIn ? t("password.signingIn") : accountExists ? t("accountExists.tryAgain") : t("password.signIn")}
      </button>
      <div className="text-center">
        <button
          type="button"
          className="rounded px-2 py-2 text-sm font-medium text-gold-deep underline underline-offset-4 hover:text-ink aria-disabled:cursor-wait aria-disabled:text-stone"
          onClick={() => void sendResetLink()}
          // aria-disabled, not disabled: a disabled button drops keyboard focus to <body>.
          aria-disabled={sendingReset}
        >
          {sendingReset ? t("password.sendingReset") : t("password.forgot")}
        </button>
      </div>
    </form>
  );
}
