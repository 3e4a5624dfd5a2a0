import { useQuery } from "@tanstack/react-query";
import { Bell, ChevronRight, CreditCard, ShieldCheck, UserRound, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { profileQuery } from "../api.ts";
import { MissingDetailsBanner } from "./missing-details-banner.tsx";
import { NotificationPreferences } from "./notification-preferences.tsx";
import { PersonalInformationForm } from "./personal-information-form.tsx";
import { ProfileAvatar } from "./profile-avatar.tsx";
import "./profile-translations.ts";

// docs/product.md §2 'Profile screen with settings dialogs' (/customer-profile): a header with the name, the
// title 'Profile', the avatar with the name and e-mail, and an Account Settings card whose four
// entries each open a dialog; one dialog at a time (docs/product.md §4 'Settings profile': none, personal,
// security, wallet, notifications; Save, Cancel or dismissing closes it).

export type SettingsDialog = "none" | "personal" | "security" | "wallet" | "notifications";

export type AccountSettingsScreenProps = {
  /** The Security Settings dialog's body (change password, two-factor). */
  securitySettings: ReactNode;
  /** The Wallet Settings dialog's body (payment methods). */
  walletSettings: ReactNode;
};

const entries: { id: Exclude<SettingsDialog, "none">; icon: LucideIcon }[] = [
  { id: "personal", icon: UserRound },
  { id: "security", icon: ShieldCheck },
  { id: "wallet", icon: CreditCard },
  { id: "notifications", icon: Bell },
];

export function AccountSettingsScreen({ securitySettings, walletSettings }: AccountSettingsScreenProps) {
  const { t } = useTranslation("profile");
  const profile = useQuery(profileQuery);
  const [open, setOpen] = useState<SettingsDialog>("none");
  const close = () => setOpen("none");

  return (
    <section aria-labelledby="settings-profile-heading">
      <p className="text-sm text-stone" data-testid="settings-header-name">
        {profile.data?.fullName}
      </p>
      <h2 id="settings-profile-heading" className="text-2xl">
        {t("settings.title")}
      </h2>
      <QueryState
        query={profile}
        loadingLabel={t("loading")}
        loadingClassName="mt-6 flex items-center gap-4"
        loading={
          <>
            <Skeleton className="h-16 w-16 rounded-full" />
            <div className="space-y-2" aria-hidden="true">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-56" />
            </div>
          </>
        }
        errorTitle={t("loadFailed")}
        errorClassName="mt-6"
      >
        {(data) => (
          <>
            <div className="mt-6 flex items-center gap-4">
              <ProfileAvatar name={data.fullName} avatarUrl={data.avatarUrl} size="md" />
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-ink">{data.fullName}</p>
                <p className="truncate text-sm text-stone">{data.email}</p>
              </div>
            </div>
            <div className="mt-6">
              <MissingDetailsBanner
                profile={data}
                action={() => (
                  <Button variant="outline" size="sm" onClick={() => setOpen("personal")}>
                    {t("missing.action")}
                  </Button>
                )}
              />
            </div>
          </>
        )}
      </QueryState>

      <div className="mt-2 rounded-xl border border-ink-line/15 bg-white" data-testid="account-settings">
        <h3 className="border-b border-ink-line/10 px-6 py-4 text-lg">{t("settings.cardTitle")}</h3>
        <ul>
          {entries.map(({ id, icon: Icon }) => (
            <li key={id} className="border-b border-ink-line/10 last:border-b-0">
              <button
                type="button"
                className="flex min-h-16 w-full items-center gap-4 px-6 py-3 text-left hover:bg-ink/5 focus-visible:outline-3 focus-visible:outline-gold"
                onClick={() => setOpen(id)}
                aria-haspopup="dialog"
              >
                <Icon className="h-5 w-5 shrink-0 text-gold-deep" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{t(`settings.${id}.title`)}</span>
                  <span className="block text-sm text-stone">{t(`settings.${id}.description`)}</span>
                </span>
                <ChevronRight className="h-5 w-5 shrink-0 text-stone" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </div>

      <Dialog
        open={open === "personal"}
        onRequestClose={close}
        title={t("settings.personal.title")}
        closeLabel={t("settings.close")}
        className="max-w-xl"
        testId="personal-information-dialog"
      >
        {profile.data && <PersonalInformationForm profile={profile.data} onDone={close} />}
      </Dialog>
      <Dialog
        open={open === "security"}
        onRequestClose={close}
        title={t("settings.security.title")}
        closeLabel={t("settings.close")}
        className="max-w-xl"
        testId="security-settings-dialog"
      >
        {securitySettings}
      </Dialog>
      <Dialog
        open={open === "wallet"}
        onRequestClose={close}
        title={t("settings.wallet.title")}
        closeLabel={t("settings.close")}
        className="max-w-xl"
        testId="wallet-settings-dialog"
      >
        {walletSettings}
      </Dialog>
      <Dialog
        open={open === "notifications"}
        onRequestClose={close}
        title={t("settings.notifications.title")}
        closeLabel={t("settings.close")}
        testId="notifications-dialog"
      >
        <NotificationPreferences />
      </Dialog>
    </section>
  );
}
