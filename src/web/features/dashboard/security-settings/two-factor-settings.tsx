import { useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import {
  confirmTwoFactorSchema,
  currentPasswordSchema,
  disableTwoFactorSchema,
  type TwoFactorSetup,
} from "../../../../shared/account-security.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { isTranslationKey, useTranslation, type TFunction } from "../../../lib/i18n.ts";
import { securityOverviewQuery, useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from "./api.ts";
import "./security-translations.ts";

// docs/product.md §2 Security Settings: the Two-Factor Authentication toggle ('Secure your account with 2FA'),
// through Better Auth's twoFactor plugin (ADR 063). Turning it on: password → QR code
// of the otpauth URI (and the key for typing by hand) → the first 6-digit code (RFC 6238) → the
// backup codes, shown once. Turning it off asks for the password.

export function TwoFactorSettings() {
  const { t } = useTranslation("security-settings");
  const overview = useQuery(securityOverviewQuery);
  const [dialog, setDialog] = useState<"enable" | "disable" | null>(null);
  const enabled = overview.data?.twoFactorEnabled ?? false;

  return (
    <div data-testid="two-factor-settings">
      <QueryState
        query={overview}
        loadingLabel={`${t("twoFactor.label")}…`}
        loadingClassName="flex items-center justify-between gap-4"
        loading={
          <>
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-7 w-12 rounded-full" />
          </>
        }
        errorTitle={t("twoFactor.loadFailed")}
      >
        {() => (
          <>
            <Switch
              label={t("twoFactor.label")}
              hint={t("twoFactor.hint")}
              checked={enabled}
              onCheckedChange={(next) => setDialog(next ? "enable" : "disable")}
            />
            <p className="mt-2 text-sm text-stone" data-testid="two-factor-state">
              {enabled ? t("twoFactor.on") : t("twoFactor.off")}
            </p>
          </>
        )}
      </QueryState>
      <EnableTwoFactorDialog open={dialog === "enable"} onClose={() => setDialog(null)} />
      <DisableTwoFactorDialog open={dialog === "disable"} onClose={() => setDialog(null)} />
    </div>
  );
}

type DialogProps = { open: boolean; onClose: () => void };

const passwordStepSchema = z.object({ password: currentPasswordSchema });

function EnableTwoFactorDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation("security-settings");
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const passwordForm = useForm({ resolver: zodResolver(passwordStepSchema), defaultValues: { password: "" } });
  const codeForm = useForm({ resolver: zodResolver(confirmTwoFactorSchema), defaultValues: { code: "" } });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  function close() {
    if (start.isPending || confirm.isPending) return;
    passwordForm.reset();
    codeForm.reset();
    setSetup(null);
    setConfirmed(false);
    onClose();
  }

  const submitPassword = passwordForm.handleSubmit(async ({ password }) => {
    try {
      setSetup(await start.mutateAsync(password));
      passwordForm.reset();
    } catch (failure) {
      if (isApiError(failure, "incorrect_password", "invalid_input"))
        passwordForm.setError("password", { type: "server", message: t("password.incorrect") }, { shouldFocus: true });
    }
  });

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code);
      setConfirmed(true);
      toast.success(t("twoFactor.enabled"));
    } catch (failure) {
      if (isApiError(failure, "invalid_two_factor_code", "invalid_input"))
        codeForm.setError("code", { type: "server", message: t("twoFactor.invalidCode") }, { shouldFocus: true });
    }
  });

  const title = confirmed ? t("twoFactor.backupTitle") : t("twoFactor.enableTitle");
  return (
    <Dialog open={open} onRequestClose={close} title={title} closeLabel={t("twoFactor.cancel")} testId="enable-two-factor-dialog">
      {!setup && (
        <form onSubmit={(event) => void submitPassword(event)} className="space-y-4" noValidate>
          <p className="text-sm text-stone">{t("twoFactor.enablePasswordIntro")}</p>
          <Field
            label={t("twoFactor.password")}
            type="password"
            autoComplete="current-password"
            error={messageOf(passwordForm.formState.errors.password, t)}
            {...passwordForm.register("password")}
          />
          <DialogButtons
            onCancel={close}
            submitLabel={start.isPending ? t("twoFactor.confirming") : t("twoFactor.continue")}
            busy={start.isPending}
          />
        </form>
      )}
      {setup && !confirmed && (
        <form onSubmit={(event) => void submitCode(event)} className="space-y-4" noValidate>
          <p className="text-sm text-stone">{t("twoFactor.scanIntro")}</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t("twoFactor.qrAlt")}
            width={200}
            height={200}
            className="mx-auto h-48 w-48 rounded-md border border-ink-line/20 bg-white p-2"
            data-testid="two-factor-qr"
          />
          <div>
            <p className="text-sm text-stone">{t("twoFactor.manualIntro")}</p>
            <p className="mt-1 text-xs font-semibold tracking-[0.16em] text-gold-deep">{t("twoFactor.secretLabel")}</p>
            <code
              className="mt-1 block rounded-md bg-mist/30 px-3 py-2 font-mono text-sm tracking-wider break-words text-ink"
              data-testid="two-factor-secret"
            >
              {groupsOfFour(setup.secret)}
            </code>
          </div>
          <Field
            label={t("twoFactor.codeLabel")}
            hint={t("twoFactor.codeIntro")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={messageOf(codeForm.formState.errors.code, t)}
            {...codeForm.register("code")}
          />
          <DialogButtons
            onCancel={close}
            submitLabel={confirm.isPending ? t("twoFactor.confirming") : t("twoFactor.confirm")}
            busy={confirm.isPending}
          />
        </form>
      )}
      {setup && confirmed && <BackupCodes codes={setup.backupCodes} onDone={close} />}
    </Dialog>
  );
}

/**
 * ADR 116: the key typed by hand into an authenticator app is shown in groups of four (as the apps
 * themselves show it), so the eye keeps its place; the apps ignore the spaces.
 */
function groupsOfFour(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security-settings");
  const listing = codes.join("\n");

  async function copy() {
    try {
      await navigator.clipboard.writeText(listing);
      toast.success(t("twoFactor.copied"));
    } catch {
      toast.error(t("twoFactor.copyFailed"));
    }
  }

  function download() {
    const blob = new Blob([`${t("twoFactor.backupFileTitle")}\n\n${listing}\n`], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "nordic-shield-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone">{t("twoFactor.backupIntro")}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-mist/30 p-4 font-mono text-sm text-ink" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" className="text-ink" onClick={() => void copy()}>
          {t("twoFactor.copy")}
        </Button>
        <Button variant="outline" className="text-ink" onClick={download}>
          {t("twoFactor.download")}
        </Button>
      </div>
      <Button variant="secondary" className="w-full" onClick={onDone} data-autofocus>
        {t("twoFactor.done")}
      </Button>
    </div>
  );
}

function DisableTwoFactorDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation("security-settings");
  const disable = useDisableTwoFactor();
  const form = useForm({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: { password: "", code: "" } });
  const errors = form.formState.errors;

  function close() {
    if (disable.isPending) return;
    form.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (input) => {
    try {
      await disable.mutateAsync(input);
      toast.success(t("twoFactor.disabled"));
      form.reset();
      onClose();
    } catch (failure) {
      if (isApiError(failure, "invalid_two_factor_code"))
        form.setError("code", { type: "server", message: t("twoFactor.invalidCode") }, { shouldFocus: true });
      else if (isApiError(failure, "incorrect_password", "invalid_input"))
        form.setError("password", { type: "server", message: t("password.incorrect") }, { shouldFocus: true });
    }
  });

  return (
    <FormDialog
      open={open}
      onRequestClose={close}
      title={t("twoFactor.disableTitle")}
      description={t("twoFactor.disableIntro")}
      closeLabel={t("twoFactor.cancel")}
      testId="disable-two-factor-dialog"
      onSubmit={(event) => void submit(event)}
      cancelLabel={t("twoFactor.cancel")}
      submitLabel={disable.isPending ? t("twoFactor.disabling") : t("twoFactor.disable")}
      submitVariant="danger"
      pending={disable.isPending}
    >
      <Field
        label={t("twoFactor.password")}
        type="password"
        autoComplete="current-password"
        error={messageOf(errors.password, t)}
        {...form.register("password")}
      />
      <Field
        label={t("twoFactor.codeLabel")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        error={messageOf(errors.code, t)}
        {...form.register("code")}
      />
    </FormDialog>
  );
}

/** A field's message: the server's as it came, a schema's message key in the reader's language. */
function messageOf(issue: { type: string; message?: string } | undefined, t: TFunction<"security-settings">): string | undefined {
  if (!issue?.message) return undefined;
  return issue.type === "server" || !isTranslationKey("security-settings", issue.message) ? issue.message : t(issue.message);
}

function DialogButtons({
  onCancel,
  submitLabel,
  busy,
  danger,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation("security-settings");
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <Button variant="outline" className="text-ink" onClick={onCancel} disabled={busy}>
        {t("twoFactor.cancel")}
      </Button>
      <Button type="submit" variant={danger ? "danger" : "secondary"} loading={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
