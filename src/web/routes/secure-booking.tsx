import { LazyAuthDialog } from "../features/auth/lazy-auth-dialog.tsx";
import { BookingPage } from "../features/booking/booking-page.tsx";

// SPEC §2 /secure-booking: the booking feature, with the accounts feature's sign-in dialog
// (loaded on its first open, ADR 028).
export default function SecureBooking() {
  return <BookingPage authDialog={LazyAuthDialog} />;
}
