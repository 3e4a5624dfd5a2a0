import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { disableTwoFactorSchema, totpCodeSchema, type TwoFactorSetup } from "../../../../shared/account-security.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
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
      {overview.isPending && (
        <div className="flex items-center justify-between gap-4" role="status" aria-live="polite">
          <span className="sr-only">{t("twoFactor.label")}…</span>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-7 w-12 rounded-full" />
        </div>
      )}
      {overview.isError && (
        <Notice tone="error" title={t("twoFactor.loadFailed")}>
          <Button variant="outline" size="sm" className="text-ink" onClick={() => void overview.refetch()}>
            {t("twoFactor.retry")}
          </Button>
        </Notice>
      )}
      {overview.data && (
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
      <EnableTwoFactorDialog open={dialog === "enable"} onClose={() => setDialog(null)} />
      <DisableTwoFactorDialog open={dialog === "disable"} onClose={() => setDialog(null)} />
    </div>
  );
}

type DialogProps = { open: boolean; onClose: () => void };

function EnableTwoFactorDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation("security-settings");
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();

  function close() {
    if (start.isPending || confirm.isPending) return;
    setPassword("");
    setCode("");
    setSetup(null);
    setConfirmed(false);
    setError(undefined);
    onClose();
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t("validation.passwordRequired"));
      return;
    }
    setError(undefined);
    try {
      setSetup(await start.mutateAsync(password));
      setPassword("");
    } catch (failure) {
      if (isApiError(failure, "incorrect_password", "invalid_input")) setError(t("password.incorrect"));
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t("validation.totpFormat"));
      return;
    }
    setError(undefined);
    try {
      await confirm.mutateAsync(parsed.data);
      setConfirmed(true);
      toast.success(t("twoFactor.enabled"));
    } catch (failure) {
      if (isApiError(failure, "invalid_two_factor_code", "invalid_input")) setError(t("twoFactor.invalidCode"));
    }
  }

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
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
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
              className="mt-1 block rounded-md bg-mist/30 px-3 py-2 font-mono text-sm break-all text-ink"
              data-testid="two-factor-secret"
            >
              {setup.secret}
            </code>
          </div>
          <Field
            label={t("twoFactor.codeLabel")}
            hint={t("twoFactor.codeIntro")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
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
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  function close() {
    if (disable.isPending) return;
    setPassword("");
    setCode("");
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = disableTwoFactorSchema.safeParse({ password, code });
    if (!checked.success) {
      const problems = checked.error.flatten().fieldErrors;
      setErrors({
        password: problems.password && t("validation.passwordRequired"),
        code: problems.code && t("validation.totpFormat"),
      });
      return;
    }
    try {
      await disable.mutateAsync(checked.data);
      toast.success(t("twoFactor.disabled"));
      setPassword("");
      setCode("");
      setErrors({});
      onClose();
    } catch (failure) {
      if (isApiError(failure, "invalid_two_factor_code")) setErrors({ code: t("twoFactor.invalidCode") });
      else if (isApiError(failure, "incorrect_password", "invalid_input")) setErrors({ password: t("password.incorrect") });
    }
  }

  return (
    <Dialog
      open={open}
      onRequestClose={close}
      title={t("twoFactor.disableTitle")}
      description={t("twoFactor.disableIntro")}
      closeLabel={t("twoFactor.cancel")}
      testId="disable-two-factor-dialog"
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <Field
          label={t("twoFactor.password")}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <Field
          label={t("twoFactor.codeLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors.code}
        />
        <DialogButtons
          onCancel={close}
          submitLabel={disable.isPending ? t("twoFactor.disabling") : t("twoFactor.disable")}
          busy={disable.isPending}
          danger
        />
      </form>
    </Dialog>
  );
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
