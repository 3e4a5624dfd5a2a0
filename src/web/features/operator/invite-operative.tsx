import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { emailSchema } from "../../../shared/account.ts";
import { formatInstant } from "../../../shared/dates.ts";
import type { Operative } from "../../../shared/operator.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { inviteOperative, operativeRatingsQuery } from "./api.ts";
import "./dispatch-translations.ts";

// ADR 160: the roster row's invitation and the operative's average rating.

export function InviteOperative({ operative }: { operative: Operative }) {
  const { t, i18n } = useTranslation("dispatch");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(operative.invitedEmail ?? "");
  const [language, setLanguage] = useState<"en" | "sv">(i18n.language === "sv" ? "sv" : "en");
  const [error, setError] = useState<string | undefined>();
  const invite = useMutation({
    mutationFn: () => inviteOperative(operative.id, { email: email.trim(), language }),
    meta: { inlineErrors: true },
    onSuccess: async (result) => {
      toast.success(t("invite.sent", { email: result.email }));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ["admin", "operatives"] });
    },
    onError: (failure) => setError(isApiError(failure) ? (failure.fields.email ?? failure.message) : String(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!emailSchema.safeParse(email.trim()).success) return setError(t("invite.email"));
    invite.mutate();
  };
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
      <Dialog
        open={open}
        onRequestClose={() => setOpen(false)}
        title={t("invite.title", { name: operative.name })}
        description={t("invite.description")}
        closeLabel="×"
        testId="invite-dialog"
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field
            label={t("invite.email")}
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <RadioGroup
            legend={t("invite.language")}
            name="invite-language"
            variant="segmented"
            value={language}
            onValueChange={(value) => setLanguage(value === "sv" ? "sv" : "en")}
            options={[
              { value: "en", label: "English" },
              { value: "sv", label: "Svenska" },
            ]}
          />
          <Button type="submit" className="w-full" loading={invite.isPending}>
            {t("invite.submit")}
          </Button>
        </form>
      </Dialog>
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
