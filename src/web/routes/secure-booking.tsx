import { AuthDialog } from "../features/auth/auth-dialog.tsx";
import { BookingPage } from "../features/booking/booking-page.tsx";

// SPEC §2 /secure-booking: the booking feature, with the accounts feature's sign-in dialog.
export default function SecureBooking() {
  return <BookingPage authDialog={AuthDialog} />;
}
