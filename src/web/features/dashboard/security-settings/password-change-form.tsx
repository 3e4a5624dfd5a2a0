import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { changePasswordSchema } from "../../../../shared/account-security.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { isTranslationKey, useTranslation } from "../../../lib/i18n.ts";
import { useChangePassword } from "./api.ts";
import "./security-translations.ts";

// docs/product.md §2 PASSWORD block: current and new password, UPDATE ('UPDATING...' while busy). docs/product.md §8
// toasts 'Password updated successfully' / 'Failed to update password' (3 seconds, docs/product.md §9); a
// wrong current password reads 'Current password is incorrect' beside the field as well.

export function PasswordChangeForm({ headingLevel = "h3" }: { headingLevel?: "h2" | "h3" }) {
  const { t } = useTranslation("security-settings");
  const headingId = useId();
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: "", newPassword: "" } });
  const errors = form.formState.errors;
  const message = (value: string | undefined) => (value && isTranslationKey("security-settings", value) ? t(value) : value);
  const Heading = headingLevel;

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      toast.success(t("password.updated"), { duration: 3000 });
      form.reset();
    } catch (failure) {
      // The toast comes from the query client's one handler; the field repeats it.
      if (isApiError(failure, "incorrect_password")) {
        form.setError("currentPassword", { message: t("password.incorrect") }, { shouldFocus: true });
      } else if (isApiError(failure, "weak_password")) {
        form.setError("newPassword", { message: t("password.weak") }, { shouldFocus: true });
      }
    }
  });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8" data-testid="password-change">
      <Heading id={headingId} className="text-xs font-semibold tracking-[0.16em] text-gold-deep">
        {t("password.heading")}
      </Heading>
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        {/* The account's e-mail is unknown here; password managers match the site instead. */}
        <Field
          label={t("password.current")}
          type="password"
          autoComplete="current-password"
          error={message(errors.currentPassword?.message)}
          {...form.register("currentPassword")}
        />
        <Field
          label={t("password.new")}
          type="password"
          autoComplete="new-password"
          hint={t("password.newHint")}
          error={message(errors.newPassword?.message)}
          {...form.register("newPassword")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" loading={changePassword.isPending}>
            {changePassword.isPending ? t("password.updating") : t("password.update")}
          </Button>
        </div>
      </form>
    </section>
  );
}
