import { useParams } from "react-router";
import { BookingDetail } from "../features/operator/booking-detail.tsx";
import { BookingDocuments } from "../features/invoices/booking-documents.tsx";
import { BookingLedger } from "../features/payments/booking-ledger.tsx";
import { BookingThread } from "../features/booking-messages/booking-thread.tsx";
import { SeriesConsolePanel } from "../features/series/series-console-panel.tsx";
import { CheckInPlanPanel } from "../features/on-duty/check-in-plan-panel.tsx";
import { BookingTourPanel } from "../features/on-duty/booking-tour-panel.tsx";

export default function OperatorBooking() {
  const { id = "" } = useParams();
  return (
    <BookingDetail
      key={id}
      id={id}
      sections={
        <div className="container-page pb-10">
          {/* docs/series.md: an occurrence of a series is confirmed and staffed with its series. */}
          <SeriesConsolePanel bookingId={id} />
          <BookingLedger bookingId={id} />
          {/* docs/product.md §12: the conversation with the customer. */}
          <BookingThread bookingId={id} scope="staff" />
          <BookingDocuments bookingId={id} scope="operator" />
          {/* docs/on-duty.md: the lead's check-in interval (ADR 287). */}
          <CheckInPlanPanel bookingId={id} />
          <BookingTourPanel bookingId={id} />
        </div>
      }
    />
  );
}
