import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm, type FieldError } from "react-hook-form";
import type { z } from "zod";
import { affiliateApplicationSchema, affiliateAudiences, type AffiliateApplication } from "../../../shared/affiliate.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { submitApplication } from "./api.ts";

type AffiliateFormInput = z.input<typeof affiliateApplicationSchema>;
type FieldName = "fullName" | "email" | "audience" | "message";
const fieldNames: readonly FieldName[] = ["fullName", "email", "audience", "message"];

/**
 * The ambassador interest form: the shared zod schema drives both this form and the API validator
 * (house rules); the server's field errors are shown on the same fields.
 */
export function AffiliateForm() {
  const { t } = useTranslation("affiliate");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AffiliateFormInput, unknown, AffiliateApplication>({
    resolver: zodResolver(affiliateApplicationSchema),
    defaultValues: { fullName: "", email: "", message: "" },
  });

  /**
   * The schema's messages are translation keys (ADR 027), shown in the current language; a field
   * error the server answered is its own English words, shown as they are.
   */
  function messageFor(error: FieldError | undefined): string | undefined {
    if (!error?.message) return undefined;
    return error.type === "server" || !isTranslationKey("affiliate", error.message) ? error.message : t(error.message);
  }

  async function submit(values: AffiliateApplication) {
    try {
      await submitApplication(values);
      setSentTo(values.email);
      reset();
    } catch (error) {
      // Field errors go beside their fields; anything else is the query client's toast (ADR 025).
      if (isApiError(error) && error.status === 400) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((fieldNames as readonly string[]).includes(field)) setError(field as FieldName, { type: "server", message });
        }
      }
    }
  }

  if (sentTo) {
    return (
      <div role="status" className="rounded-lg border border-gold/50 bg-ink p-8 text-paper" data-testid="affiliate-confirmation">
        <CircleCheck className="h-10 w-10 text-gold" strokeWidth={1.6} aria-hidden="true" />
        <h3 className="mt-4 text-2xl">{t("form.successTitle")}</h3>
        <p className="mt-2 text-mist">{t("form.successBody", { email: sentTo })}</p>
        <Button variant="outline" className="mt-6 text-paper" onClick={() => setSentTo(null)}>
          {t("form.sendAnother")}
        </Button>
      </div>
    );
  }

  const fieldError = (field: FieldName) => messageFor(errors[field]);

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          id="affiliate-fullName"
          label={t("form.fullName")}
          autoComplete="name"
          error={fieldError("fullName")}
          {...register("fullName")}
        />
        <Field
          id="affiliate-email"
          label={t("form.email")}
          type="email"
          autoComplete="email"
          error={fieldError("email")}
          {...register("email")}
        />
      </div>

      <RadioGroup
        legend={t("form.audience")}
        name="audience"
        options={affiliateAudiences.map((audience) => ({ value: audience, label: t(`form.audienceOptions.${audience}`) }))}
        inputProps={register("audience")}
        error={fieldError("audience")}
      />

      <Textarea
        id="affiliate-message"
        label={t("form.message")}
        optional
        hint={t("form.messageHint")}
        error={fieldError("message")}
        {...register("message")}
      />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button type="submit" variant="secondary" className="whitespace-nowrap" loading={isSubmitting}>
          {isSubmitting ? t("form.submitting") : t("form.submit")}
        </Button>
        <p className="text-sm text-stone">{t("form.privacyNote")}</p>
      </div>
    </form>
  );
}
