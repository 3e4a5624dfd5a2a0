import { Navigate, Outlet } from "react-router";
import { accountHomeOf } from "../../shared/roles.ts";
import { UnreadMessagesBadge } from "../features/booking-messages/unread-badge.tsx";
import { DashboardShell } from "../features/dashboard/dashboard-shell.tsx";
import { i18n } from "../lib/i18n.ts";
import { useSession } from "../lib/session.ts";

export const meta = () => [{ title: i18n.t("titles.account") }];

// The account layout (account-layout.tsx) guards the session. ADR 220: an operative's account is
// its own area (/operative), not the customer's MY ACCOUNT.
export default function CustomerDashboard() {
  const session = useSession();
  if (session.status === "signed-in" && accountHomeOf(session.user.role) !== "/customer-dashboard") {
    return <Navigate to={accountHomeOf(session.user.role)} replace />;
  }
  return (
    <DashboardShell bookingsBadge={<UnreadMessagesBadge />}>
      <Outlet />
    </DashboardShell>
  );
}
