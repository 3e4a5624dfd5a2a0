import { Outlet } from "react-router";
import { RequireSession } from "../components/require-session.tsx";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";

export default function CustomerDashboard() {
  return (
    <RequireSession>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </RequireSession>
  );
}
