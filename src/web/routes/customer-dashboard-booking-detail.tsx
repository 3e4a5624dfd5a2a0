import { useParams } from "react-router";
import { BookingDetailPage } from "../features/customer-bookings/booking-detail-page.tsx";

// docs/product.md §2 BOOKINGS 'View Details': one booking of the signed-in customer.
export default function CustomerDashboardBookingDetail() {
  const { id = "" } = useParams();
  // Keyed by id so moving between bookings starts each one afresh (dialog closed).
  return <BookingDetailPage key={id} id={id} />;
}
