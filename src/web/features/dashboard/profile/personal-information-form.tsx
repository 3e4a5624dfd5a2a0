import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { AccountProfile } from "../../../../shared/account.ts";
import { personalInformationSchema, type PersonalInformation } from "../../../../shared/profile.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { isTranslationKey, isLanguage, languages, useTranslation, type TranslationKey } from "../../../lib/i18n.ts";
import { useUpdateProfile } from "./api.ts";
import "./profile-translations.ts";

// docs/product.md §2 Personal Information dialog: Basic Information (full name, e-mail read-only, phone),
// Address Information (street, city, postcode, country) and Additional Information (the language
// of our mails, a real setting of the profile); Cancel / Save Changes; 'Profile Updated' / 'Your
// information has been successfully saved.' (docs/product.md §8). Saved to the same endpoint as the page.

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
  const form = useForm({ resolver: zodResolver(personalInformationSchema), defaultValues: initialValues(profile) });
  const errors = form.formState.errors;
  const update = useUpdateProfile();

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(t("personal.saved"), { description: t("personal.savedBody") });
      onDone();
    } catch (failure) {
      if (!isApiError(failure)) return;
      for (const [field, message] of Object.entries(failure.fields)) {
        if (field in values) form.setError(field as keyof PersonalInformation, { type: "server", message });
      }
    }
  });

  const text = (
    field: Exclude<keyof PersonalInformation, "language">,
    labelKey: TranslationKey<"profile">,
    autoComplete: string,
    className?: string,
  ) => {
    const message = errors[field]?.message;
    return (
      <Field
        id={`personal-${field}`}
        className={className}
        label={t(labelKey)}
        error={message && (errors[field]?.type === "server" || !isTranslationKey("profile", message) ? message : t(message))}
        autoComplete={autoComplete}
        type={field === "phoneNumber" ? "tel" : "text"}
        {...form.register(field)}
      />
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6" data-testid="personal-information-form">
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
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <Select
              label={t("personal.language")}
              hint={t("personal.languageHint")}
              value={field.value}
              onValueChange={(value) => {
                if (isLanguage(value)) field.onChange(value);
              }}
              options={languages.map((language) => ({ value: language, label: t(`personal.languages.${language}`) }))}
            />
          )}
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
