import { useParams } from "react-router";
import { BookingDetail } from "../features/operator/booking-detail.tsx";
import { BookingDocuments } from "../features/invoices/booking-documents.tsx";
import { BookingLedger } from "../features/payments/booking-ledger.tsx";

export default function OperatorBooking() {
  const { id = "" } = useParams();
  return (
    <>
      <BookingDetail key={id} id={id} />
      <div className="container-page pb-10">
        <BookingLedger key={`ledger-${id}`} bookingId={id} />
        <BookingDocuments key={`documents-${id}`} bookingId={id} scope="operator" />
      </div>
    </>
  );
}
