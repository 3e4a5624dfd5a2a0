import { ComingSoonPanel } from "../features/dashboard/coming-soon-panel.tsx";

export default function CustomerDashboardBookings() {
  return <ComingSoonPanel area="bookings" />;
}
