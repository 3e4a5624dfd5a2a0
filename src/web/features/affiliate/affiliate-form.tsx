import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type FieldError } from "react-hook-form";
import type { z } from "zod";
import { affiliateApplicationSchema, affiliateAudiences, type AffiliateApplication } from "../../../shared/affiliate.ts";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
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

  /** Zod's messages are English; show the field's message in the current language, by issue code. */
  function messageFor(field: FieldName, error: FieldError | undefined): string | undefined {
    if (!error) return undefined;
    if (error.type === "server") return error.message;
    return t([`form.errors.${field}.${error.type}`, `form.errors.${field}.default`], { defaultValue: error.message ?? "" });
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
        <svg viewBox="0 0 32 32" className="h-10 w-10" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="15" fill="none" stroke="#c9a55c" strokeWidth="2" />
          <path d="m10 16.5 4 4 8-9" fill="none" stroke="#c9a55c" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h3 className="mt-4 text-2xl">{t("form.successTitle")}</h3>
        <p className="mt-2 text-mist">{t("form.successBody", { email: sentTo })}</p>
        <button type="button" className="button-outline mt-6 text-paper" onClick={() => setSentTo(null)}>
          {t("form.sendAnother")}
        </button>
      </div>
    );
  }

  const fieldError = (field: FieldName) => messageFor(field, errors[field]);
  const describedBy = (field: FieldName) => (errors[field] ? `affiliate-${field}-error` : undefined);
  const labelClass = "mb-1.5 block text-sm font-semibold text-ink";
  // .field-input removes the outline on focus; keyboard users get it back, and invalid fields a red border.
  const fieldClass = "field-input focus-visible:outline-solid aria-[invalid=true]:border-red-800";

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor="affiliate-fullName" className={labelClass}>
            {t("form.fullName")}
          </label>
          <input
            id="affiliate-fullName"
            className={fieldClass}
            autoComplete="name"
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy("fullName")}
            {...register("fullName")}
          />
          <FieldMessage id="affiliate-fullName-error" message={fieldError("fullName")} />
        </div>
        <div>
          <label htmlFor="affiliate-email" className={labelClass}>
            {t("form.email")}
          </label>
          <input
            id="affiliate-email"
            type="email"
            className={fieldClass}
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
            {...register("email")}
          />
          <FieldMessage id="affiliate-email-error" message={fieldError("email")} />
        </div>
      </div>

      <fieldset aria-describedby={describedBy("audience")} aria-invalid={errors.audience ? true : undefined}>
        <legend className={labelClass}>{t("form.audience")}</legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-2">
          {affiliateAudiences.map((audience) => (
            <label
              key={audience}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-ink/20 bg-white px-4 py-2.5 text-ink has-[:checked]:border-gold-deep has-[:checked]:bg-gold/10 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold"
            >
              <input
                type="radio"
                value={audience}
                className="h-4 w-4 accent-[#7a5d1e] focus-visible:outline-none"
                {...register("audience")}
              />
              <span>{t(`form.audienceOptions.${audience}`)}</span>
            </label>
          ))}
        </div>
        <FieldMessage id="affiliate-audience-error" message={fieldError("audience")} />
      </fieldset>

      <div>
        <label htmlFor="affiliate-message" className={labelClass}>
          {t("form.message")} <span className="font-normal text-stone">({t("form.optional")})</span>
        </label>
        <p id="affiliate-message-hint" className="mb-2 text-sm text-stone">
          {t("form.messageHint")}
        </p>
        <textarea
          id="affiliate-message"
          rows={4}
          className={fieldClass}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={["affiliate-message-hint", describedBy("message")].filter(Boolean).join(" ")}
          {...register("message")}
        />
        <FieldMessage id="affiliate-message-error" message={fieldError("message")} />
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button type="submit" className="button-dark whitespace-nowrap" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-paper border-t-transparent" aria-hidden="true" />
          )}
          {isSubmitting ? t("form.submitting") : t("form.submit")}
        </button>
        <p className="text-sm text-stone">{t("form.privacyNote")}</p>
      </div>
    </form>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
