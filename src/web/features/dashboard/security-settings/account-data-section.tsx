import { Download } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import { confirmPasswordSchema } from "../../../../shared/account-security.ts";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { translateData, useTranslation } from "../../../lib/i18n.ts";
import { expectSessionEnd, markSignedOut } from "../../../lib/session.ts";
import { useDataExport, useDeleteAccount, useDeletionCheck, useForgetAccountData } from "./api.ts";
import "./security-translations.ts";

// The profile page's privacy controls: 'Download my data' (GDPR Art. 15 and 20: a zip of data.json and
// summary.html, docs/data-export.md)
// and docs/product.md §2 DELETE ACCOUNT with its confirmation dialog. Deletion is refused while bookings are
// still to come (docs/product.md §8 'Cannot Delete Account'); the server deletes the account itself after
// checking the password (never an admin call from the browser), then the person is signed out and
// sent to the start page with 'Account Deleted'.

export function AccountDataSection() {
  const { t, i18n } = useTranslation("security-settings");
  const dataHeadingId = useId();
  const deleteHeadingId = useId();
  const check = useDeletionCheck();
  const dataExport = useDataExport();
  const [confirming, setConfirming] = useState(false);

  async function startDeletion() {
    try {
      const { upcomingBookings } = await check.mutateAsync();
      if (upcomingBookings > 0) {
        toast.error(t("deletion.blockedTitle"), { description: t("deletion.blockedBody") });
        return;
      }
      setConfirming(true);
    } catch {
      // 'Could not check upcoming bookings.' comes from the query client's one handler (api.ts).
    }
  }

  return (
    <div className="space-y-6">
      <section
        aria-labelledby={dataHeadingId}
        className="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8"
        data-testid="data-export"
      >
        <h3 id={dataHeadingId} className="text-xs font-semibold tracking-[0.16em] text-gold-deep">
          {t("data.heading")}
        </h3>
        <p className="mt-2 text-sm text-stone">{t("data.intro")}</p>
        <p className="mt-2 text-sm text-stone">{t("data.contents")}</p>
        <Button variant="outline" className="mt-4 text-ink" loading={dataExport.isPending} onClick={() => dataExport.mutate(i18n.language)}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t("data.download")}
        </Button>
      </section>
      <section
        aria-labelledby={deleteHeadingId}
        className="rounded-xl border border-red-800/30 bg-white p-6 sm:p-8"
        data-testid="delete-account"
      >
        <h3 id={deleteHeadingId} className="text-xs font-semibold tracking-[0.16em] text-red-800">
          {t("deletion.heading")}
        </h3>
        <p className="mt-2 text-sm text-stone">{t("deletion.intro")}</p>
        <Button variant="danger" className="mt-4" loading={check.isPending} onClick={() => void startDeletion()}>
          {check.isPending ? t("deletion.checking") : t("deletion.button")}
        </Button>
      </section>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("security-settings");
  const remove = useDeleteAccount();
  const forgetAccountData = useForgetAccountData();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: "" } });
  const error = form.formState.errors.password;

  function close() {
    if (remove.isPending) return;
    form.reset();
    onClose();
  }

  const submit = form.handleSubmit(async ({ password }) => {
    expectSessionEnd(true);
    try {
      await remove.mutateAsync(password);
    } catch (failure) {
      expectSessionEnd(false);
      if (isApiError(failure, "incorrect_password", "invalid_input")) {
        form.setError("password", { type: "server", message: t("password.incorrect") }, { shouldFocus: true });
      } else if (isApiError(failure, "upcoming_bookings")) close();
      return;
    }
    // The server has ended the session: forget it here and everything loaded for the account.
    markSignedOut("sign-out");
    expectSessionEnd(false);
    forgetAccountData();
    toast.success(t("deletion.deletedTitle"), { description: t("deletion.deletedBody") });
    await navigate("/", { replace: true });
  });

  return (
    <FormDialog
      open={open}
      onRequestClose={close}
      title={t("deletion.confirmTitle")}
      description={t("deletion.confirmBody")}
      closeLabel={t("deletion.cancel")}
      testId="delete-account-dialog"
      onSubmit={(event) => void submit(event)}
      submitLabel={remove.isPending ? t("deletion.deleting") : t("deletion.confirm")}
      submitVariant="danger"
      cancelLabel={t("deletion.cancel")}
      pending={remove.isPending}
    >
      <Field
        label={t("deletion.password")}
        type="password"
        autoComplete="current-password"
        // A schema's message is a key of this namespace (ADR 201); the server's answer comes translated.
        error={
          error &&
          (error.type === "server"
            ? error.message
            : translateData(t, "security-settings", error.message ?? "", t("validation.passwordRequired")))
        }
        {...form.register("password")}
      />
    </FormDialog>
  );
}
