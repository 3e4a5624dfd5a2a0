import { UnreadMessagesBadge } from "../features/booking-messages/unread-badge.tsx";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { AccountSettingsScreen } from "../features/dashboard/profile/account-settings-screen.tsx";
import { SecuritySettingsContent } from "../features/dashboard/security-settings/security-settings-content.tsx";
import { WalletSettingsContent } from "../features/dashboard/wallet/wallet-settings-content.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.profile") }];

// docs/product.md §2 'Profile screen with settings dialogs', inside the account shell (guarded by the account
// layout), on the same data as the profile page.
export default function CustomerProfile() {
  return (
    <DashboardShell bookingsBadge={<UnreadMessagesBadge />}>
      <AccountSettingsScreen securitySettings={<SecuritySettingsContent />} walletSettings={<WalletSettingsContent />} />
    </DashboardShell>
  );
}
