import { lazy, Suspense } from "react";
import { useInactivitySignOut } from "../lib/inactivity.ts";
import { useSignOutAndLeave } from "./use-sign-out-and-leave.ts";

// docs/product.md §4/§9: sign out after 30 minutes without activity, with a warning before (ADR 118). Mounted
// by the top bar only while someone is signed in, and loaded only then: a visitor who is not
// signed in never downloads the timer or its dialog (ADR 085 budgets; vite.config.ts keeps
// lib/inactivity.ts out of the shell chunk for that reason).

const InactivityWarningDialog = lazy(() => import("./inactivity-warning-dialog.tsx"));

export default function InactivitySignOut() {
  const signOutAndLeave = useSignOutAndLeave();
  const warning = useInactivitySignOut();
  if (warning.endsAt === null) return null;

  async function signOutNow() {
    warning.stay();
    await signOutAndLeave();
  }

  return (
    <Suspense fallback={null}>
      <InactivityWarningDialog endsAt={warning.endsAt} onStay={warning.stay} onSignOut={() => void signOutNow()} />
    </Suspense>
  );
}
