import { Outlet } from "react-router";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.account") }];

// The account layout (account-layout.tsx) guards the session.
export default function CustomerDashboard() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}
