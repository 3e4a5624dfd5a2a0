import { Plus, Trash2 } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { additionalEmailSchema, maximumAdditionalEmails, type ProfileEmail } from "../../../../shared/profile.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeFieldError } from "../../../lib/query-client.ts";
import { isTranslationKey, useTranslation } from "../../../lib/i18n.ts";
import { useQuery } from "@tanstack/react-query";
import { emailsQuery, useAddEmail, useChangeEmail, useDeleteEmail } from "./api.ts";
import { EmailCodeForm } from "./email-code-form.tsx";
import "./profile-translations.ts";

// docs/product.md §2 additional e-mails with add, edit and delete and an 'Add another E-mail' link, kept on
// the server (ADR 061) and confirmed by a code. 'Email cannot be empty' / 'Please enter a valid
// email address' (docs/product.md §5) are checked here with the API's own schema first.

/** One e-mail field on the API's schema; the error in the visitor's language, the server's as it came. */
function useEmailForm(initial: string) {
  const { t } = useTranslation("profile");
  const form = useForm({ resolver: zodResolver(additionalEmailSchema), defaultValues: { email: initial } });
  const issue = form.formState.errors.email;
  const error =
    issue?.message && (issue.type === "server" || !isTranslationKey("profile", issue.message) ? issue.message : t(issue.message));
  const serverError = (failure: unknown) => {
    const message = isApiError(failure) ? describeFieldError(failure, "email") : undefined;
    if (message) form.setError("email", { type: "server", message });
  };
  return { form, error, serverError };
}

function EmailRow({ email, number }: { email: ProfileEmail; number: number }) {
  const { t } = useTranslation("profile");
  const { form, error, serverError } = useEmailForm(email.email);
  const value = useWatch({ control: form.control, name: "email" }) ?? email.email;
  const change = useChangeEmail();
  const remove = useDeleteEmail();
  const editing = value.trim().toLowerCase() !== email.email;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await change.mutateAsync({ id: email.id, email: values.email });
      form.reset({ email: saved.email });
      toast.success(t("emails.changed", { email: saved.email }));
    } catch (failure) {
      serverError(failure);
    }
  });

  return (
    <li className="border-t border-ink-line/10 py-4 first:border-t-0" data-testid="additional-email">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex items-end gap-2">
        <Field
          className="min-w-0 flex-1"
          type="email"
          autoComplete="email"
          label={
            <span className="flex flex-wrap items-center gap-2">
              {t("emails.label", { number })}
              <Badge tone={email.verified ? "success" : "warning"} size="sm">
                {email.verified ? t("emails.verified") : t("emails.unverified")}
              </Badge>
            </span>
          }
          error={error}
          {...form.register("email")}
        />
        {editing && (
          <Button type="submit" size="sm" className={error ? "mb-7 min-h-11" : "min-h-11"} loading={change.isPending}>
            {t("update")}
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={error ? "mb-7" : undefined}
          aria-label={t("emails.delete", { email: email.email })}
          loading={remove.isPending}
          onClick={() => remove.mutate(email.id, { onSuccess: () => toast.success(t("emails.deleted")) })}
        >
          <Trash2 className="h-5 w-5" aria-hidden="true" />
        </Button>
      </form>
      {!email.verified && !editing && <EmailCodeForm email={email} />}
    </li>
  );
}

function NewEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("profile");
  const { form, error, serverError } = useEmailForm("");
  const add = useAddEmail();

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await add.mutateAsync(values.email);
      toast.success(t("emails.added", { email: saved.email }));
      onDone();
    } catch (failure) {
      serverError(failure);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 flex flex-wrap items-end gap-2" data-testid="new-email-form">
      <Field
        className="min-w-0 flex-1 basis-60"
        type="email"
        autoComplete="email"
        autoFocus
        label={t("emails.newLabel")}
        error={error}
        {...form.register("email")}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
      />
      <div className={`flex gap-2 ${error ? "mb-7" : ""}`}>
        <Button type="submit" size="sm" className="min-h-11" loading={add.isPending}>
          {t("emails.save")}
        </Button>
        <Button type="button" variant="ghost" size="sm" className="min-h-11" onClick={onDone}>
          {t("emails.cancel")}
        </Button>
      </div>
    </form>
  );
}

export function AdditionalEmails() {
  const { t } = useTranslation("profile");
  const emails = useQuery(emailsQuery);
  const [adding, setAdding] = useState(false);
  const count = emails.data?.length ?? 0;

  return (
    <section aria-labelledby="additional-emails-heading" className="mt-2">
      <h3 id="additional-emails-heading" className="text-xs font-semibold tracking-[0.16em] text-gold-deep">
        {t("emails.heading").toUpperCase()}
      </h3>
      <p className="mt-1 text-sm text-stone">{t("emails.intro")}</p>
      <QueryState
        query={emails}
        loadingClassName="mt-3 space-y-2"
        loading={<Skeleton className="h-11 w-full" />}
        errorTitle={t("loadFailed")}
        errorClassName="mt-3"
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <ul className="mt-2">
            {data.map((email, index) => (
              <EmailRow key={`${email.id}:${email.email}`} email={email} number={index + 1} />
            ))}
          </ul>
        )}
      </QueryState>
      {adding ? (
        <NewEmailForm onDone={() => setAdding(false)} />
      ) : count < maximumAdditionalEmails ? (
        <Button
          type="button"
          variant="link"
          className="mt-3 inline-flex items-center gap-1"
          onClick={() => setAdding(true)}
          disabled={!emails.data}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("emails.add")}
        </Button>
      ) : (
        <p className="mt-3 text-sm text-stone">{t("emails.limit", { count: maximumAdditionalEmails })}</p>
      )}
    </section>
  );
}
