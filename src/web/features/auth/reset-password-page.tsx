import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { passwordResetSchema } from "../../../shared/account.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useResetPassword } from "./api.ts";
import { isApiError, translateFieldMessage } from "./auth-errors.ts";
import "./auth-translations.ts";

// docs/product.md §2 reset password page, §5 (required, minimum 6) and §8: success → /login with the
// success toast; an invalid, expired or used link → the failure toast and /login.

const newPasswordSchema = passwordResetSchema.pick({ newPassword: true });
// docs/product.md §9: password toasts last 3 seconds.
const passwordToastDuration = 3000;
const resetFailureToastId = "reset-failure";

export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [searchParameters] = useSearchParams();
  const token = searchParameters.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  // An unusable link and a refused new password are shown by this screen; the rest as a toast (ADR 025).
  const resetPassword = useResetPassword({
    inlineErrors: (error) => error.code === "invalid_token" || error.code === "weak_password" || error.fields.newPassword !== undefined,
  });
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { newPassword: "" } });

  // One toast id: the effect below runs again when a remembered Swedish choice is applied after
  // hydration, and the second run must replace the English toast rather than add a second one.
  function fail() {
    toast.error(t("errors.title"), { description: t("reset.failure"), id: resetFailureToastId });
    void navigate("/login", { replace: true });
  }

  // A link without a usable token can never succeed: say so at once rather than after typing.
  const tokenUsable = token.length >= 8 && token.length <= 200;
  useEffect(() => {
    if (!tokenUsable) {
      toast.error(t("errors.title"), { description: t("reset.failure"), id: resetFailureToastId });
      void navigate("/login", { replace: true });
    }
  }, [tokenUsable, navigate, t]);

  const submit = form.handleSubmit(async ({ newPassword }) => {
    setBusy(true);
    try {
      await resetPassword.mutateAsync({ token, newPassword });
      toast.success(t("reset.success"), { duration: passwordToastDuration });
      await navigate("/login", { replace: true });
    } catch (failure) {
      if (isApiError(failure, "invalid_token")) fail();
      else if (isApiError(failure) && (failure.fields.newPassword || failure.code === "weak_password")) {
        form.setError(
          "newPassword",
          { message: translateFieldMessage(failure.fields.newPassword, t) ?? t("errors.weakPassword") },
          { shouldFocus: true },
        );
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className="container-page flex justify-center py-12 md:py-20">
      <section
        className="w-full max-w-md rounded-2xl border border-ink-line/15 bg-white p-6 shadow-sm sm:p-10"
        aria-labelledby="reset-title"
      >
        <p className="eyebrow">{t("reset.eyebrow")}</p>
        <h1 id="reset-title" className="mt-3 text-3xl">
          {t("reset.title")}
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-stone">{t("reset.intro")}</p>
        <form onSubmit={(event) => void submit(event)} className="mt-8 space-y-5" noValidate>
          <Field
            label={t("reset.newPassword")}
            type="password"
            required
            minLength={6}
            autoComplete="new-password"
            autoFocus
            hint={t("details.passwordHint")}
            error={translateFieldMessage(form.formState.errors.newPassword?.message, t)}
            {...form.register("newPassword")}
          />
          <Button type="submit" variant="secondary" className="w-full" loading={busy} disabled={!tokenUsable}>
            {busy ? t("reset.saving") : t("reset.submit")}
          </Button>
        </form>
      </section>
    </div>
  );
}
