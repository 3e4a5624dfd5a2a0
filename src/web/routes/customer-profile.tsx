import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { AccountSettingsScreen } from "../features/dashboard/profile/account-settings-screen.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.profile") }];

// SPEC §2 'Profile screen with settings dialogs', inside the account shell (guarded by the account
// layout). The Security and Wallet dialogs take their bodies from their own features:
export default function CustomerProfile() {
  return (
    <DashboardShell>
      <AccountSettingsScreen
        // SLOT: securitySettings={<SecuritySettingsContent />} (features/dashboard/security-settings/security-settings-content.tsx)
        securitySettings={undefined}
        // SLOT: walletSettings={<WalletSettingsContent />} (features/dashboard/wallet/wallet-settings-content.tsx)
        walletSettings={undefined}
      />
    </DashboardShell>
  );
}
