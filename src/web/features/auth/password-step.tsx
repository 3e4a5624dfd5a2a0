import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signInSchema } from "../../../shared/account.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useRequestPasswordReset, useSignIn } from "./api.ts";
import { authErrorMessage, translateFieldMessage } from "./auth-errors.ts";
import { SecondFactorStep } from "./second-factor-step.tsx";

// docs/product.md §2 and §8 password step: sign in; 'Forgot your password?' sends a reset link (button text
// 'Sending reset link...' while busy); a failed sign-in reads 'The email or password you entered
// is incorrect'; the 'Account Exists' notice shows when sign-up found an existing account.

const passwordOnlySchema = signInSchema.pick({ password: true });

// docs/product.md §9: password toasts last 3 seconds.
const passwordToastDuration = 3000;

type PasswordStepProps = {
  email: string;
  accountExists: boolean;
  onDismissAccountExists: () => void;
  onSignedIn: () => Promise<void>;
  /** The page heads the code step itself (two-factor authentication on). */
  onSecondFactorChange?: (active: boolean) => void;
};

export function PasswordStep({ email, accountExists, onDismissAccountExists, onSignedIn, onSecondFactorChange }: PasswordStepProps) {
  const { t } = useTranslation("auth");
  const form = useForm({ resolver: zodResolver(passwordOnlySchema), defaultValues: { password: "" } });
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [sendingReset, setSendingReset] = useState(false);
  // Two-factor authentication on: the right password leads to the code step.
  const [secondFactor, setSecondFactor] = useState(false);
  // docs/product.md §8: a failed sign-in reads 'The email or password you entered is incorrect' (auth-errors.ts).
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset({ errorToastDuration: passwordToastDuration });

  const submit = form.handleSubmit(async ({ password }) => {
    setSigningIn(true);
    setError(null);
    try {
      const result = await signIn.mutateAsync({ email, password });
      if ("twoFactorRequired" in result) {
        setSecondFactor(true);
        onSecondFactorChange?.(true);
        return;
      }
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

  if (secondFactor) {
    return (
      <SecondFactorStep
        heading={!onSecondFactorChange}
        onSignedIn={onSignedIn}
        onStartOver={() => {
          setSecondFactor(false);
          onSecondFactorChange?.(false);
          form.reset({ password: "" });
        }}
      />
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
      {accountExists && (
        <Notice tone="warning" title={t("accountExists.title")} testId="account-exists">
          <p>{t("accountExists.body")}</p>
          <Button
            variant="outline"
            size="sm"
            className="text-ink"
            onClick={() => {
              onDismissAccountExists();
              form.setFocus("password");
            }}
          >
            {t("accountExists.signInInstead")}
          </Button>
        </Notice>
      )}
      {/* The e-mail travels with the form so password managers save the right pair. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        label={t("common.password")}
        type="password"
        required
        autoComplete="current-password"
        autoFocus={!accountExists}
        error={translateFieldMessage(form.formState.errors.password?.message, t)}
        {...form.register("password")}
      />
      {error && <Notice tone="error" title={error} testId="sign-in-error" />}
      <Button type="submit" variant="secondary" className="w-full" loading={signingIn}>
        {signingIn ? t("password.signingIn") : accountExists ? t("accountExists.tryAgain") : t("password.signIn")}
      </Button>
      <div className="text-center">
        <Button
          variant="link"
          onClick={() => void sendResetLink()}
          // aria-disabled, not disabled (so not `loading`): a disabled button drops keyboard focus to <body>.
          aria-disabled={sendingReset}
          aria-busy={sendingReset || undefined}
        >
          {sendingReset ? t("password.sendingReset") : t("password.forgot")}
        </Button>
      </div>
    </form>
  );
}
