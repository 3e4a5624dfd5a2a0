import { bookingPageCatalogue } from "../../server/catalogue-store.ts";
import { LazyAuthDialog } from "../features/auth/lazy-auth-dialog.tsx";
import { BookingPage } from "../features/booking/booking-page.tsx";
import { i18n } from "../lib/i18n.ts";
import type { Route } from "./+types/secure-booking";

// docs/product.md §2 /secure-booking: the booking feature, with the accounts feature's sign-in dialog
// (loaded on its first open, ADR 028).
//
// ADR 065: prerendered at build time with the seeded catalogue, so the service cards paint from the
// HTML (the loader runs only while building, `ssr: false`). A visit that arrives by a link inside
// the app has no such data (clientLoader): the page reads the live catalogue as before.
// ADR 172: after a catalogue edit the server renders this route again with the live catalogue in
// the load context, so the page keeps painting its services from the HTML.

export const meta = () => [{ title: i18n.t("booking:meta.bookingTitle") }];

export const loader = ({ context }: Route.LoaderArgs) => bookingPageCatalogue(context);

export const clientLoader = () => null;

export default function SecureBooking({ loaderData }: Route.ComponentProps) {
  return <BookingPage authDialog={LazyAuthDialog} prerendered={loaderData ?? undefined} />;
}
