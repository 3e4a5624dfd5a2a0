import { Outlet } from "react-router";
import { RequireSession } from "../components/require-session.tsx";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";

export const meta = () => [{ title: "My account | Nordic Shield" }];

export default function CustomerDashboard() {
  return (
    <RequireSession>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </RequireSession>
  );
}
