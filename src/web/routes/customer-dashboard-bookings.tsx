import { BookingsPage } from "../features/customer-bookings/bookings-page.tsx";

export default function CustomerDashboardBookings() {
  return <BookingsPage />;
}
