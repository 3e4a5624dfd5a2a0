import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { passkeyNameSchema, type PasskeySummary } from "../../../../shared/passkeys.ts";
import { formatInstant } from "../../../../shared/time.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { isTranslationKey, useTranslation } from "../../../lib/i18n.ts";
import { passkeysQuery, useAddPasskey, useRemovePasskey, useRenamePasskey } from "./api.ts";
import "./security-translations.ts";

// ADR 270: the account's passkeys in the security settings: add one (named, so a list of several
// says which device holds which), rename, remove. Adding runs the browser's WebAuthn prompt.

const nameFormSchema = z.object({ name: passkeyNameSchema });

export function PasskeySettings() {
  const { t, i18n } = useTranslation("security-settings");
  const headingId = useId();
  const passkeys = useQuery(passkeysQuery);
  const add = useAddPasskey();
  const form = useForm({ resolver: zodResolver(nameFormSchema), defaultValues: { name: "" } });
  const message = (value: string | undefined) => (value && isTranslationKey("security-settings", value) ? t(value) : value);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const remove = useRemovePasskey();

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const outcome = await add.mutateAsync(name);
      if (outcome === "cancelled") {
        form.setError("name", { message: t("passkeys.cancelled") });
        return;
      }
      toast.success(t("passkeys.added"));
      form.reset();
    } catch {
      // Worded by the query client's one handler (ADR 025).
    }
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="passkey-settings">
      <div>
        <h3 id={headingId} className="text-base font-semibold text-ink">
          {t("passkeys.heading")}
        </h3>
        <p className="mt-1 text-sm text-stone">{t("passkeys.intro")}</p>
      </div>

      <QueryState
        query={passkeys}
        loadingLabel={`${t("passkeys.heading")}…`}
        loading={<Skeleton className="h-10 w-full" />}
        errorTitle={t("passkeys.loadFailed")}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-stone">{t("passkeys.none")}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-ink-line/10 rounded-lg border border-ink-line/15" aria-label={t("passkeys.listLabel")}>
            {list.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="passkey-row">
                <KeyRound className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink">{passkey.name ?? t("passkeys.unnamed")}</p>
                  <p className="text-xs text-stone">
                    {passkey.createdAt ? t("passkeys.addedOn", { date: formatInstant(passkey.createdAt, i18n.language) }) : null}
                    {passkey.backedUp ? ` · ${t("passkeys.synced")}` : ""}
                  </p>
                </div>
                <Button variant="outline" size="sm" className="text-ink" onClick={() => setRenaming(passkey)}>
                  {t("passkeys.rename")}
                  <span className="sr-only"> {passkey.name ?? t("passkeys.unnamed")}</span>
                </Button>
                <Button variant="outline" size="sm" className="text-ink" onClick={() => setRemoving(passkey)}>
                  {t("passkeys.remove")}
                  <span className="sr-only"> {passkey.name ?? t("passkeys.unnamed")}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <Field
            label={t("passkeys.nameLabel")}
            hint={t("passkeys.nameHint")}
            autoComplete="off"
            error={message(form.formState.errors.name?.message)}
            {...form.register("name")}
          />
        </div>
        <Button type="submit" variant="secondary" className="sm:mt-7" loading={add.isPending}>
          {add.isPending ? t("passkeys.adding") : t("passkeys.add")}
        </Button>
      </form>

      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("passkeys.removeTitle")}
        description={t("passkeys.removeBody", { name: removing?.name ?? t("passkeys.unnamed") })}
        confirmLabel={t("passkeys.remove")}
        cancelLabel={t("twoFactor.cancel")}
        tone="danger"
        testId="remove-passkey-dialog"
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, { onSuccess: () => toast.success(t("passkeys.removed")) });
          setRemoving(null);
        }}
      />
    </section>
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: PasskeySummary | null; onClose: () => void }) {
  const { t } = useTranslation("security-settings");
  const rename = useRenamePasskey();
  const form = useForm({ resolver: zodResolver(nameFormSchema), values: { name: passkey?.name ?? "" } });
  const message = (value: string | undefined) => (value && isTranslationKey("security-settings", value) ? t(value) : value);

  const submit = form.handleSubmit(async ({ name }) => {
    if (!passkey) return;
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      toast.success(t("passkeys.renamed"));
      onClose();
    } catch {
      // Worded by the query client's one handler (ADR 025).
    }
  });

  return (
    <FormDialog
      open={passkey !== null}
      onRequestClose={onClose}
      title={t("passkeys.renameTitle")}
      closeLabel={t("twoFactor.cancel")}
      cancelLabel={t("twoFactor.cancel")}
      submitLabel={t("passkeys.save")}
      pending={rename.isPending}
      onSubmit={(event) => void submit(event)}
      testId="rename-passkey-dialog"
    >
      <Field
        label={t("passkeys.nameLabel")}
        autoComplete="off"
        error={message(form.formState.errors.name?.message)}
        {...form.register("name")}
      />
    </FormDialog>
  );
}
