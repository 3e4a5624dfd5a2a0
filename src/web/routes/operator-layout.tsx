import { useQuery } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { SignedInScreen } from "../components/signed-in-screen.tsx";
import { RequireSession } from "../components/require-session.tsx";
import { ConsoleAccessGate } from "../features/operator/console-access.tsx";
import { PasskeySettings } from "../features/dashboard/security-settings/passkey-settings.tsx";
import { staffRoles } from "../../shared/roles.ts";
import { sessionQuery } from "../lib/session.ts";
import { operatorBookingKeysFor } from "../features/operator/api.ts";
import { useLiveEvents } from "../lib/live-events.ts";
import { threadKeysFor } from "../features/booking-messages/api.ts";
import { documentKeysFor } from "../features/invoices/api.ts";
import { paymentKeysFor } from "../features/payments/api.ts";
import { consoleOnDutyKeysFor } from "../features/on-duty/api.ts";
import type { LiveEvent } from "../../shared/booking-lifecycle.ts";
import NotFound from "./not-found.tsx";

// ADR 026: the operator console is for staff roles. RequireSession sends a visitor without a
// session to sign in; a signed-in customer gets the 404 page, as for any address that is not
// theirs (ADR 070: the console does not announce itself). The guard here only decides what the
// browser shows; the console's API answers 403 to anyone else on its own (ADR 070, guards).
/** A booking's events refresh its pages; a message also its thread and the unread badges (docs/product.md §12). */
/** The money view, the payments list and the documents follow the ledger (docs/payments.md "Live updates"). */
const keysFor = (event: LiveEvent) => [
  ...operatorBookingKeysFor(event),
  ...threadKeysFor(event),
  ...paymentKeysFor(event),
  ...documentKeysFor(event, "operator"),
  ...consoleOnDutyKeysFor(event),
];

export default function OperatorLayout() {
  return (
    <SignedInScreen>
      <RequireSession>
        <StaffOnly />
      </RequireSession>
    </SignedInScreen>
  );
}

function StaffOnly() {
  const { data: session } = useQuery(sessionQuery);
  const isStaff = session?.status === "signed-in" && staffRoles.some((role) => role === session.user.role);
  // The queue and the open booking follow every decision, the other operators' too (docs/booking-lifecycle.md).
  useLiveEvents(keysFor, isStaff ? session.liveEventsCursor : null);
  if (!isStaff) return <NotFound />;
  // ADR 119: an operator the two-factor policy keeps out is told what to do, not shown an empty console;
  // ADR 271: so is staff signed in with a password, with the passkey settings to fix it in place.
  return (
    <ConsoleAccessGate passkeySetup={<PasskeySettings />}>
      <Outlet />
    </ConsoleAccessGate>
  );
}
