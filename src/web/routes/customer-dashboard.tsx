import { Outlet } from "react-router";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";

export const meta = () => [{ title: "My account | Nordic Shield" }];

// The account layout (account-layout.tsx) guards the session.
export default function CustomerDashboard() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}
