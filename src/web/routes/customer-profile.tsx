import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { ProfileSummary } from "../features/dashboard/profile-summary.tsx";

export const meta = () => [{ title: "My profile | Nordic Shield" }];

// SPEC §2: /customer-profile is a protected profile route whose content is not shown; it presents
// the same read-only profile inside the account shell (guarded by the account layout).
export default function CustomerProfile() {
  return (
    <DashboardShell>
      <ProfileSummary />
    </DashboardShell>
  );
}
