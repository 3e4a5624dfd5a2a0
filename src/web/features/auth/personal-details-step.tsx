import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { toast } from "sonner";
import { personalDetailsFormSchema, type PersonalDetailsForm } from "../../../shared/account.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { translateFieldMessage } from "./auth-errors.ts";
import type { AccountDetails, CreateAccountOutcome } from "./use-sign-up-flow.ts";

// docs/product.md §2, §3 form (a) and §5 personal details on the login page: every field but apt/suite
// required ('Please fill in all required fields'); the passwords must match ('Passwords do not
// match'); the e-mail is shown read-only. Submitting creates the account and signs the user in.

type PersonalDetailsStepProps = {
  email: string;
  /** The sign-up machine's call (use-sign-up-flow.ts): it moves on, or back, by the answer. */
  createAccount: (details: AccountDetails) => Promise<CreateAccountOutcome>;
  onCreated: () => Promise<void>;
};

const emptyDetails: Required<PersonalDetailsForm> = {
  fullName: "",
  phoneNumber: "",
  streetAddress: "",
  aptSuite: "",
  city: "",
  country: "",
  postalCode: "",
  password: "",
  confirmPassword: "",
};

const formFields = Object.keys(emptyDetails) as (keyof PersonalDetailsForm)[];

const requiredFields: (keyof PersonalDetailsForm)[] = [
  "fullName",
  "phoneNumber",
  "streetAddress",
  "city",
  "country",
  "postalCode",
  "password",
  "confirmPassword",
];

export function PersonalDetailsStep({ email, createAccount, onCreated }: PersonalDetailsStepProps) {
  const { t } = useTranslation("auth");
  const form = useForm({ resolver: zodResolver(personalDetailsFormSchema), defaultValues: emptyDetails, mode: "onTouched" });
  const [missingRequired, setMissingRequired] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = form.formState.errors;
  const message = (field: keyof PersonalDetailsForm) => translateFieldMessage(errors[field]?.message, t);

  function onInvalid(_errors: FieldErrors<PersonalDetailsForm>) {
    const values = form.getValues();
    const missing = requiredFields.some((field) => (values[field] ?? "").trim() === "");
    setMissingRequired(missing);
    if (missing) toast.error(t("errors.title"), { description: t("details.fillAll") });
  }

  const submit = form.handleSubmit(async (values) => {
    setMissingRequired(false);
    setBusy(true);
    try {
      // The form's fields are the sign-up fields under the same names (ADR 027).
      const { confirmPassword: _confirmation, ...details } = values;
      const outcome = await createAccount(details);
      if (outcome.kind === "created") await onCreated();
      else if (outcome.kind === "weakPassword") {
        form.setError("password", { message: t("errors.weakPassword") }, { shouldFocus: true });
      } else if (outcome.kind === "failed") {
        for (const [field, fieldMessage] of Object.entries(outcome.fields)) {
          const target = formFields.find((name) => name === field);
          if (target) form.setError(target, { message: fieldMessage });
        }
        // The toast comes from the query client's one error handler (ADR 025).
      }
      // Expired or the address taken meanwhile: the machine has left this step, with a toast.
    } finally {
      setBusy(false);
    }
  }, onInvalid);

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <Field label={t("common.email")} type="email" value={email} readOnly autoComplete="username" />
      <Field label={t("details.name")} autoComplete="name" required autoFocus error={message("fullName")} {...form.register("fullName")} />
      <Field
        label={t("details.phone")}
        type="tel"
        autoComplete="tel"
        required
        placeholder="+46 70 123 45 67"
        error={message("phoneNumber")}
        {...form.register("phoneNumber")}
      />
      <Field
        label={t("details.streetAddress")}
        autoComplete="address-line1"
        required
        error={message("streetAddress")}
        {...form.register("streetAddress")}
      />
      <Field
        label={t("details.aptSuite")}
        autoComplete="address-line2"
        optional
        error={message("aptSuite")}
        {...form.register("aptSuite")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("details.city")} autoComplete="address-level2" required error={message("city")} {...form.register("city")} />
        <Field
          label={t("details.zipCode")}
          autoComplete="postal-code"
          required
          error={message("postalCode")}
          {...form.register("postalCode")}
        />
      </div>
      <Field label={t("details.country")} autoComplete="country-name" required error={message("country")} {...form.register("country")} />
      <Field
        label={t("details.password")}
        type="password"
        autoComplete="new-password"
        required
        hint={t("details.passwordHint")}
        error={message("password")}
        {...form.register("password")}
      />
      <Field
        label={t("details.confirmPassword")}
        type="password"
        autoComplete="new-password"
        required
        error={message("confirmPassword")}
        {...form.register("confirmPassword")}
      />
      {missingRequired && <Notice tone="error" title={t("details.fillAll")} testId="fill-all" />}
      <Button type="submit" className="w-full" loading={busy}>
        {busy ? t("details.creating") : t("details.submit")}
      </Button>
    </form>
  );
}
