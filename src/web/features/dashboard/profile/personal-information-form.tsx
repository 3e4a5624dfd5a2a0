import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { AccountProfile } from "../../../../shared/account.ts";
import { personalInformationSchema, type PersonalInformation } from "../../../../shared/profile.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { isLanguage, languages, useTranslation } from "../../../lib/i18n.ts";
import { useUpdateProfile } from "./api.ts";
import "./profile-translations.ts";

// docs/product.md §2 Personal Information dialog: Basic Information (full name, e-mail read-only, phone),
// Address Information (street, city, postcode, country) and Additional Information (the language
// of our mails, a real setting of the profile); Cancel / Save Changes; 'Profile Updated' / 'Your
// information has been successfully saved.' (docs/product.md §8). Saved to the same endpoint as the page.

type Errors = Partial<Record<keyof PersonalInformation, string>>;

function initialValues(profile: AccountProfile): PersonalInformation {
  return {
    fullName: profile.fullName,
    phoneNumber: profile.phoneNumber,
    address: profile.address,
    city: profile.city,
    postalCode: profile.postalCode,
    country: profile.country,
    language: profile.language,
  };
}

export function PersonalInformationForm({ profile, onDone }: { profile: AccountProfile; onDone: () => void }) {
  const { t } = useTranslation("profile");
  const [values, setValues] = useState(() => initialValues(profile));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateProfile();

  const set = (field: keyof PersonalInformation) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = personalInformationSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PersonalInformation;
        found[field] ??= t(issue.message);
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`personal-${first}`)?.focus();
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      toast.success(t("personal.saved"), { description: t("personal.savedBody") });
      onDone();
    } catch (failure) {
      if (isApiError(failure)) setErrors(failure.fields as Errors);
    }
  }

  const text = (field: Exclude<keyof PersonalInformation, "language">, labelKey: string, autoComplete: string, className?: string) => (
    <Field
      id={`personal-${field}`}
      className={className}
      label={t(labelKey)}
      value={values[field]}
      error={errors[field]}
      autoComplete={autoComplete}
      type={field === "phoneNumber" ? "tel" : "text"}
      onChange={(event) => set(field)(event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="space-y-6" data-testid="personal-information-form">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wider text-gold-deep uppercase">{t("personal.basic")}</legend>
        {text("fullName", "personal.fullName", "name")}
        <Field label={t("personal.email")} value={profile.email} readOnly type="email" hint={t("signInAddress")} />
        {text("phoneNumber", "personal.phone", "tel")}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wider text-gold-deep uppercase">{t("personal.addressSection")}</legend>
        {text("address", "personal.street", "street-address")}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("city", "personal.city", "address-level2")}
          {text("postalCode", "personal.postalCode", "postal-code")}
        </div>
        {text("country", "personal.country", "country-name")}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wider text-gold-deep uppercase">{t("personal.additional")}</legend>
        <Select
          label={t("personal.language")}
          hint={t("personal.languageHint")}
          value={values.language}
          onValueChange={(value) => {
            if (isLanguage(value)) setValues((current) => ({ ...current, language: value }));
          }}
          options={languages.map((language) => ({ value: language, label: t(`personal.languages.${language}`) }))}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("personal.cancel")}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t("personal.save")}
        </Button>
      </div>
    </form>
  );
}
