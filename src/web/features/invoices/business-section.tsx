import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { businessProfileSchema, type BusinessProfileInput } from "../../../shared/invoicing.ts";
import { businessValidationMessages } from "../../../shared/validation-messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { businessQuery, useSaveBusiness } from "./api.ts";
import { invoicesNamespace } from "./invoices-translations.ts";

// docs/invoices.md "Business customers": the company's fields on the profile page, checked with the
// shared schema in the browser and again on the server (ADR 140).

const fieldNames = ["companyName", "organisationNumber", "vatNumber", "billingAddress"] as const;
const empty: BusinessProfileInput = { companyName: "", organisationNumber: "", vatNumber: "", billingAddress: "" };
const keyByEnglish = new Map(Object.entries(businessValidationMessages).map(([key, text]) => [text as string, key]));

export function BusinessSection() {
  const { t } = useTranslation(invoicesNamespace);
  const business = useQuery(businessQuery);
  const save = useSaveBusiness();
  const form = useForm<BusinessProfileInput>({
    resolver: zodResolver(businessProfileSchema) as never,
    defaultValues: empty,
    mode: "onTouched",
  });
  const current = business.data?.business;
  useEffect(() => {
    if (current)
      form.reset({
        companyName: current.companyName,
        organisationNumber: current.organisationNumber,
        vatNumber: current.vatNumber,
        billingAddress: current.billingAddress,
      });
  }, [current, form]);

  const message = (field: (typeof fieldNames)[number]) => {
    const text = form.formState.errors[field]?.message;
    if (!text) return undefined;
    const key = text.startsWith("validation.") ? text : keyByEnglish.get(text);
    return key && isTranslationKey(invoicesNamespace, key) ? t(key) : text;
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t("business.saved"));
    } catch (failure) {
      if (isApiError(failure, "invalid_input")) {
        let focused = false;
        for (const [field, text] of Object.entries(failure.fields)) {
          const target = fieldNames.find((name) => name === field);
          if (target) {
            form.setError(target, { message: text }, { shouldFocus: !focused });
            focused = true;
          }
        }
        if (!focused) toast.error(t("business.saveFailed"), { description: failure.message });
      }
    }
  });

  return (
    <section aria-labelledby="business-heading" className="mt-12" data-testid="business-section">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="business-heading" className="text-2xl">
          {t("business.heading")}
        </h2>
        {current && (
          <Badge tone={current.status === "approved" ? "success" : current.status === "refused" ? "danger" : "warning"}>
            {t(`business.status.${current.status}`)}
          </Badge>
        )}
      </div>
      <p className="mt-2 text-sm text-stone">{t("business.intro")}</p>
      <QueryState
        query={business}
        loadingLabel={t("business.loading")}
        loadingClassName="mt-6 space-y-3"
        loading={
          <>
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </>
        }
        errorTitle={t("business.loadFailed")}
        errorClassName="mt-6"
      >
        {() => (
          <form onSubmit={(event) => void submit(event)} className="mt-6 grid gap-4 sm:grid-cols-2" noValidate>
            <Field
              label={t("business.companyName")}
              autoComplete="organization"
              required
              error={message("companyName")}
              {...form.register("companyName")}
            />
            <Field
              label={t("business.vatNumber")}
              hint={t("business.vatHint")}
              required
              error={message("vatNumber")}
              {...form.register("vatNumber")}
            />
            <Field
              label={t("business.organisationNumber")}
              hint={t("business.organisationHint")}
              error={message("organisationNumber")}
              {...form.register("organisationNumber")}
            />
            <Field
              label={t("business.billingAddress")}
              autoComplete="street-address"
              required
              error={message("billingAddress")}
              {...form.register("billingAddress")}
            />
            {current?.reverseCharge && <p className="text-sm text-stone sm:col-span-2">{t("business.reverseCharge")}</p>}
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary" loading={save.isPending}>
                {t("business.save")}
              </Button>
            </div>
          </form>
        )}
      </QueryState>
    </section>
  );
}
