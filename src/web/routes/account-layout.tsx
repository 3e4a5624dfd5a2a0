import { useQuery } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { SignedInScreen } from "../components/signed-in-screen.tsx";
import { RequireSession } from "../components/require-session.tsx";
import { customerBookingKeysFor } from "../features/customer-bookings/api.ts";
import { useLiveEvents } from "../lib/live-events.ts";
import { customerOnDutyKeysFor } from "../features/on-duty/api.ts";
import { threadKeysFor } from "../features/booking-messages/api.ts";
import { documentKeysFor } from "../features/invoices/api.ts";
import type { LiveEvent } from "../../shared/booking-lifecycle.ts";
import { sessionQuery } from "../lib/session.ts";

// docs/product.md §2 and ADR 026: every screen of the account section needs a signed-in customer. While one
// is open, the customer's bookings follow the operator's decisions live (docs/booking-lifecycle.md).
/** A booking's events refresh its pages; a message also its thread and the unread badges (docs/product.md §12). */
/** A payment or a document issued also refreshes the booking's documents (docs/payments.md "Live updates"). */
const keysFor = (event: LiveEvent) => [
  ...customerBookingKeysFor(event),
  ...threadKeysFor(event),
  ...documentKeysFor(event, "customer"),
  ...customerOnDutyKeysFor(event),
];

export default function AccountLayout() {
  const { data: session } = useQuery(sessionQuery);
  useLiveEvents(keysFor, session?.status === "signed-in" ? session.liveEventsCursor : null);
  return (
    <SignedInScreen>
      <RequireSession>
        <Outlet />
      </RequireSession>
    </SignedInScreen>
  );
}
