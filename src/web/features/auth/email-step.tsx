import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { translateFieldMessage } from "./auth-errors.ts";
import { deferredZodResolver } from "./deferred-resolver.ts";

// The first view of /login and /register: zod loads when the visitor starts typing (ADR 085).
const checkEmail = deferredZodResolver(() => import("../../../shared/account.ts").then((account) => account.checkEmailSchema));

// docs/product.md §5 login e-mail field: type e-mail, required; Enter continues (a plain form submit).

type EmailStepProps = {
  defaultEmail: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (email: string) => void;
};

export function EmailStep({ defaultEmail, busy, submitLabel, busyLabel, onSubmit }: EmailStepProps) {
  const { t } = useTranslation("auth");
  const form = useForm({ resolver: checkEmail.resolver, defaultValues: { email: defaultEmail } });
  const submit = form.handleSubmit(({ email }) => onSubmit(email));

  return (
    <form onSubmit={(event) => void submit(event)} onInput={checkEmail.preload} className="space-y-5" noValidate>
      <Field
        label={t("common.email")}
        type="email"
        required
        // "webauthn" lets the browser offer the site's passkeys here (conditional mediation, ADR 270).
        autoComplete="email webauthn"
        autoFocus
        placeholder={t("common.emailPlaceholder")}
        error={translateFieldMessage(form.formState.errors.email?.message, t)}
        {...form.register("email")}
      />
      <Button type="submit" variant="secondary" className="w-full" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
