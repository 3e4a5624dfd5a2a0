import { Outlet } from "react-router";
import { UnreadMessagesBadge } from "../features/booking-messages/unread-badge.tsx";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.account") }];

// The account layout (account-layout.tsx) guards the session.
export default function CustomerDashboard() {
  return (
    <DashboardShell bookingsBadge={<UnreadMessagesBadge />}>
      <Outlet />
    </DashboardShell>
  );
}
