import { ComingSoonPanel } from "../features/dashboard/coming-soon-panel.tsx";

export default function CustomerDashboardSecurity() {
  return <ComingSoonPanel area="security" />;
}
