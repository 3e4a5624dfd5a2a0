import { useParams } from "react-router";
import { BookingDetailPage } from "../features/customer-bookings/booking-detail-page.tsx";
import { BookingDocuments } from "../features/invoices/booking-documents.tsx";
import { BookingThread } from "../features/booking-messages/booking-thread.tsx";
import { CustomerSafetyPanel } from "../features/on-duty/customer-safety-panel.tsx";

// docs/product.md §2 BOOKINGS 'View Details': one booking of the signed-in customer, with its
// invoices and receipts (docs/invoices.md) and its message thread with the team (docs/product.md §12).
export default function CustomerDashboardBookingDetail() {
  const { id = "" } = useParams();
  // Keyed by id so moving between bookings starts each one afresh (dialog closed).
  return (
    <BookingDetailPage
      key={id}
      id={id}
      sections={
        <>
          {/* docs/on-duty.md: the SOS while the team is on the way or on duty, and the principal's link. */}
          <CustomerSafetyPanel bookingId={id} />
          <BookingThread bookingId={id} scope="customer" />
          <BookingDocuments bookingId={id} scope="customer" />
        </>
      }
    />
  );
}
