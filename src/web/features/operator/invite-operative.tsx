import { useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { formatInstant } from "../../../shared/time.ts";
import type { Operative } from "../../../shared/operator.ts";
import { inviteOperativeSchema } from "../../../shared/operatives.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { describeApiError, describeFieldError } from "../../lib/query-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { operativeRatingsQuery, useInviteOperative } from "./api.ts";
import "./dispatch-translations.ts";

// ADR 160: the roster row's invitation and the operative's average rating.

export function InviteOperative({ operative }: { operative: Operative }) {
  const { t, i18n } = useTranslation("dispatch");
  const [open, setOpen] = useState(false);
  const form = useForm({
    resolver: zodResolver(inviteOperativeSchema),
    defaultValues: { email: operative.invitedEmail ?? "", language: i18n.language === "sv" ? "sv" : "en" },
  });
  const invite = useInviteOperative(operative.id);
  // The schema's own message keys are the customer pages'; the console asks for the address again.
  const emailError = form.formState.errors.email;
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        toast.success(t("invite.sent", { email: result.email }));
        setOpen(false);
      },
      onError: (failure) =>
        form.setError(
          "email",
          {
            type: "server",
            message: isApiError(failure) ? (describeFieldError(failure, "email") ?? describeApiError(failure)) : String(failure),
          },
          { shouldFocus: true },
        ),
    }),
  );
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`${t(operative.invitedAt ? "invite.again" : "invite.action")}: ${operative.name}`}
      >
        {t(operative.invitedAt ? "invite.again" : "invite.action")}
      </Button>
      {operative.invitedAt && (
        <span className="block text-xs text-stone">{t("invite.invited", { date: formatInstant(operative.invitedAt, i18n.language) })}</span>
      )}
      <FormDialog
        open={open}
        onRequestClose={() => setOpen(false)}
        title={t("invite.title", { name: operative.name })}
        description={t("invite.description")}
        closeLabel="×"
        testId="invite-dialog"
        onSubmit={(event) => void submit(event)}
        submitLabel={t("invite.submit")}
        pending={invite.isPending}
      >
        <Field
          label={t("invite.email")}
          type="email"
          autoComplete="off"
          error={emailError && (emailError.type === "server" ? emailError.message : t("invite.email"))}
          {...form.register("email")}
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <RadioGroup
              legend={t("invite.language")}
              name="invite-language"
              variant="segmented"
              value={field.value ?? "en"}
              onValueChange={(value) => field.onChange(value === "sv" ? "sv" : "en")}
              options={[
                { value: "en", label: "English" },
                { value: "sv", label: "Svenska" },
              ]}
            />
          )}
        />
      </FormDialog>
    </>
  );
}

export function OperativeRating({ operativeId }: { operativeId: string }) {
  const { t } = useTranslation("dispatch");
  const ratings = useQuery(operativeRatingsQuery(operativeId));
  if (!ratings.data) return null;
  return (
    <span className="block text-xs text-stone">
      {ratings.data.average === null
        ? t("ratings.none")
        : t("ratings.average", { average: ratings.data.average, count: ratings.data.count })}
    </span>
  );
}
