import { useSearchParams } from "react-router";
import { ConfirmationPage } from "../features/booking/confirmation-page.tsx";
import { BookingDocuments } from "../features/invoices/booking-documents.tsx";

// docs/product.md §2 /confirmation, with the choice to pay by invoice for an approved company
// (docs/invoices.md).
export default function Confirmation() {
  const [search] = useSearchParams();
  const bookingId = search.get("booking");
  return (
    <>
      <ConfirmationPage />
      {bookingId && (
        <div className="container-page pb-12">
          <BookingDocuments bookingId={bookingId} scope="customer" paymentOnly />
        </div>
      )}
    </>
  );
}
