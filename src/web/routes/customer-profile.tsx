import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { ProfileSummary } from "../features/dashboard/profile-summary.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.profile") }];

// SPEC §2: /customer-profile is a protected profile route whose content is not shown; it presents
// the same read-only profile inside the account shell (guarded by the account layout).
export default function CustomerProfile() {
  return (
    <DashboardShell>
      <ProfileSummary />
    </DashboardShell>
  );
}
