import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { dialogSignUpFormSchema, type DialogSignUpForm } from "../../../shared/account.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { refreshSession } from "../../lib/session.ts";
import { useSignIn } from "./api.ts";
import { authErrorMessage, isApiError, translateFieldMessage } from "./auth-errors.ts";
import "./auth-translations.ts";
import { SecondFactorStep } from "./second-factor-step.tsx";
import "./second-factor-translations.ts";
import { useSignUpFlow } from "./use-sign-up-flow.ts";
import { VerificationStep } from "./verification-step.tsx";

// docs/product.md §2 and §4 booking dialog flow: 'Sign in to continue', or 'Create an account' (e-mail and
// password) → 'Verify Your Email' (4-digit code) → 'Complete Your Profile' (name, phone, address);
// the account is then created, the form reset and the dialog closed. Closing with entered data
// asks 'Are you sure?' first. The booking page owns the continuation (lib/booking-continuation.ts).

export type AuthDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once a session exists (after refreshSession), with the dialog already closing. */
  onAuthenticated: () => void;
};

// The sign-in side is this dialog's own; "signUp" hands over to the sign-up machine
// (use-sign-up-flow.ts), the same one the /register page runs, whose step picks the form.
type Side = "signIn" | "signUp" | "secondFactor";
type Mode = "signIn" | "signUp" | "verify" | "profile" | "secondFactor";

// docs/product.md §5 booking-dialog schema: the sign-in step uses the same e-mail and password rules.
const dialogSignInSchema = dialogSignUpFormSchema.pick({ email: true, password: true });

const emptySignUp: DialogSignUpForm = { email: "", password: "", fullName: "", phoneNumber: "", streetAddress: "" };

export function AuthDialog({ open, onOpenChange, onAuthenticated }: AuthDialogProps) {
  const { t } = useTranslation("auth");
  const { t: tSecondFactor } = useTranslation("second-factor");
  const [side, setSide] = useState<Side>("signIn");
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [signInError, setSignInError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signUpFlow = useSignUpFlow("start");
  const flow = signUpFlow.state;
  const mode: Mode = side !== "signUp" ? side : flow.step === "start" ? "signUp" : flow.step === "code" ? "verify" : "profile";

  // Failures reach the visitor through the query client's one error handler (ADR 025); each call
  // lists the codes this dialog answers itself.
  const signInRequest = useSignIn({
    errorTitleKey: "auth:dialog.failedSignIn",
    // docs/product.md §8: 'Invalid login credentials' shown as 'Invalid email or password'.
    describe: (error) => (error.code === "invalid_credentials" ? t("dialog.invalidCredentials") : undefined),
  });
  const signInForm = useForm({ resolver: zodResolver(dialogSignInSchema), defaultValues: { email: "", password: "" } });
  const signUpForm = useForm({ resolver: zodResolver(dialogSignUpFormSchema), defaultValues: emptySignUp, mode: "onTouched" });

  const hasEnteredData =
    signInForm.formState.isDirty || signUpForm.formState.isDirty || mode === "verify" || mode === "profile" || mode === "secondFactor";

  function resetAll() {
    signInForm.reset();
    signUpForm.reset(emptySignUp);
    setSide("signIn");
    signUpFlow.restart();
    setSignInError(null);
    setConfirmingClose(false);
    setBusy(false);
  }

  // Whoever closes the dialog (our buttons or the page), it opens next time empty, at sign-in.
  useEffect(() => {
    if (!open) resetAll();
    // resetAll only touches this component's own state and forms.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function requestClose() {
    if (busy) return;
    if (hasEnteredData) setConfirmingClose(true);
    else {
      resetAll();
      onOpenChange(false);
    }
  }

  function confirmClose() {
    resetAll();
    onOpenChange(false);
  }

  async function finish() {
    await refreshSession();
    resetAll();
    onOpenChange(false);
    onAuthenticated();
  }

  function switchTo(next: "signIn" | "signUp") {
    // Carry what was typed across, so 'Sign in instead' keeps the e-mail and password.
    if (next === "signIn") {
      const { email, password } = signUpForm.getValues();
      if (email) signInForm.setValue("email", email, { shouldDirty: true });
      if (password) signInForm.setValue("password", password, { shouldDirty: true });
    } else {
      const { email, password } = signInForm.getValues();
      if (email) signUpForm.setValue("email", email, { shouldDirty: true });
      if (password) signUpForm.setValue("password", password, { shouldDirty: true });
    }
    setSignInError(null);
    signUpFlow.dismissAccountExists();
    setSide(next);
  }

  const signIn = signInForm.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    setSignInError(null);
    try {
      const result = await signInRequest.mutateAsync({ email, password });
      // Two-factor authentication on: the code step finishes the sign-in.
      if ("twoFactorRequired" in result) {
        setSide("secondFactor");
        return;
      }
      toast.success(t("password.signedIn"));
      await finish();
    } catch (failure) {
      setSignInError(isApiError(failure, "invalid_credentials") ? t("dialog.invalidCredentials") : authErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  });

  async function startSignUp() {
    const valid = await signUpForm.trigger(["email", "password"]);
    if (!valid) return;
    setBusy(true);
    try {
      await signUpFlow.sendCode(signUpForm.getValues("email").trim().toLowerCase());
    } finally {
      setBusy(false);
    }
  }

  const createAccount = signUpForm.handleSubmit(async ({ email: _email, ...values }) => {
    setBusy(true);
    try {
      // docs/product.md §3 form (b): the sign-up fields under their own names; the other address parts are sent empty.
      const outcome = await signUpFlow.createAccount({ ...values, aptSuite: "", city: "", country: "", postalCode: "" });
      if (outcome.kind === "created") await finish();
      // The machine went back to the first step, where the password is typed.
      else if (outcome.kind === "weakPassword") signUpForm.setError("password", { message: t("errors.weakPassword") });
      else if (outcome.kind === "failed") {
        for (const [field, message] of Object.entries(outcome.fields)) {
          if (field === "fullName" || field === "phoneNumber" || field === "streetAddress") signUpForm.setError(field, { message });
        }
      }
    } finally {
      setBusy(false);
    }
  });

  const titles: Record<Mode, string> = {
    signIn: t("dialog.signInTitle"),
    signUp: t("dialog.signUpTitle"),
    verify: t("dialog.verifyTitle"),
    profile: t("dialog.profileTitle"),
    secondFactor: tSecondFactor("title"),
  };
  const descriptions: Record<Mode, string> = {
    signIn: t("dialog.signInDescription"),
    signUp: t("dialog.signUpDescription"),
    verify: t("dialog.verifyDescription", { email: signUpForm.getValues("email") }),
    profile: t("dialog.profileDescription"),
    secondFactor: tSecondFactor("intro"),
  };
  const signInErrors = signInForm.formState.errors;
  const signUpErrors = signUpForm.formState.errors;

  return (
    <>
      <Dialog
        open={open}
        onRequestClose={requestClose}
        title={titles[mode]}
        description={descriptions[mode]}
        closeLabel={t("dialog.close")}
        testId="auth-dialog"
      >
        {mode === "signIn" && (
          <form onSubmit={(event) => void signIn(event)} className="space-y-4" noValidate>
            <Field
              label={t("common.email")}
              type="email"
              autoComplete="email"
              placeholder={t("common.emailPlaceholder")}
              error={translateFieldMessage(signInErrors.email?.message, t)}
              {...signInForm.register("email")}
            />
            <Field
              label={t("common.password")}
              type="password"
              autoComplete="current-password"
              error={translateFieldMessage(signInErrors.password?.message, t)}
              {...signInForm.register("password")}
            />
            {signInError && <Notice tone="error" title={signInError} testId="dialog-sign-in-error" />}
            <Button type="submit" variant="secondary" className="w-full" loading={busy}>
              {busy ? t("dialog.signingIn") : t("dialog.signIn")}
            </Button>
            <p className="text-center text-sm text-stone">
              {t("dialog.noAccount")}{" "}
              <Button variant="link" onClick={() => switchTo("signUp")}>
                {t("dialog.createAccount")}
              </Button>
            </p>
          </form>
        )}

        {mode === "signUp" && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void startSignUp();
            }}
            className="space-y-4"
            noValidate
          >
            <Field
              label={t("common.email")}
              type="email"
              autoComplete="email"
              placeholder={t("common.emailPlaceholder")}
              error={translateFieldMessage(signUpErrors.email?.message, t)}
              {...signUpForm.register("email")}
            />
            <Field
              label={t("common.password")}
              type="password"
              autoComplete="new-password"
              hint={t("details.passwordHint")}
              error={translateFieldMessage(signUpErrors.password?.message, t)}
              {...signUpForm.register("password")}
            />
            {flow.accountExists && (
              <Notice tone="warning" title={t("accountExists.title")} testId="account-exists">
                <p>{t("accountExists.body")}</p>
                <Button variant="outline" size="sm" className="text-ink" onClick={() => switchTo("signIn")}>
                  {t("accountExists.signInInstead")}
                </Button>
              </Notice>
            )}
            <Button type="submit" variant="secondary" className="w-full" loading={busy}>
              {flow.accountExists ? t("accountExists.tryAgain") : t("common.continue")}
            </Button>
            <p className="text-center text-sm text-stone">
              {t("dialog.haveAccount")}{" "}
              <Button variant="link" onClick={() => switchTo("signIn")}>
                {t("dialog.signIn")}
              </Button>
            </p>
          </form>
        )}

        {mode === "verify" && flow.codeSent && (
          <div className="space-y-4">
            <VerificationStep
              email={flow.email}
              codeSent={flow.codeSent}
              onCodeResent={signUpFlow.codeResent}
              onVerified={signUpFlow.verified}
              onTimeout={signUpFlow.expired}
            />
            <p className="text-center">
              <Button variant="link-muted" onClick={signUpFlow.back}>
                {t("common.useDifferentEmail")}
              </Button>
            </p>
          </div>
        )}

        {mode === "secondFactor" && (
          <SecondFactorStep
            heading={false}
            onSignedIn={finish}
            onStartOver={() => {
              signInForm.resetField("password");
              setSide("signIn");
            }}
          />
        )}

        {mode === "profile" && (
          <form onSubmit={(event) => void createAccount(event)} className="space-y-4" noValidate>
            <Field
              label={t("dialog.fullName")}
              autoComplete="name"
              error={translateFieldMessage(signUpErrors.fullName?.message, t)}
              {...signUpForm.register("fullName")}
              autoFocus
            />
            <Field
              label={t("dialog.phoneNumber")}
              type="tel"
              autoComplete="tel"
              placeholder="+46 70 123 45 67"
              error={translateFieldMessage(signUpErrors.phoneNumber?.message, t)}
              {...signUpForm.register("phoneNumber")}
            />
            <Field
              label={t("dialog.address")}
              autoComplete="street-address"
              error={translateFieldMessage(signUpErrors.streetAddress?.message, t)}
              {...signUpForm.register("streetAddress")}
            />
            <Button type="submit" className="w-full" loading={busy}>
              {busy ? t("details.creating") : t("details.submit")}
            </Button>
          </form>
        )}
      </Dialog>

      <ConfirmDialog
        open={open && confirmingClose}
        onOpenChange={setConfirmingClose}
        title={t("dialog.confirmTitle")}
        description={t("dialog.confirmBody")}
        cancelLabel={t("dialog.cancel")}
        confirmLabel={t("dialog.yesClose")}
        onConfirm={confirmClose}
        testId="close-confirmation"
      />
    </>
  );
}
