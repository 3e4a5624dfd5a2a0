import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useTranslation } from "../lib/i18n.ts";
import { useInactivitySignOut } from "../lib/inactivity.ts";
import { signOut } from "../lib/session.ts";

// docs/product.md §4/§9: sign out after 30 minutes without activity, with a warning before (ADR 118). Mounted
// by the top bar only while someone is signed in, and loaded only then: a visitor who is not
// signed in never downloads the timer or its dialog (ADR 085 budgets; vite.config.ts keeps
// lib/inactivity.ts out of the shell chunk for that reason).

const InactivityWarningDialog = lazy(() => import("./inactivity-warning-dialog.tsx"));

export default function InactivitySignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const warning = useInactivitySignOut();
  if (warning.endsAt === null) return null;

  async function signOutNow() {
    warning.stay();
    try {
      await signOut();
      toast.success(t("session:signedOut"));
      await navigate("/");
    } catch (error) {
      // The failure toast comes from the query client's one error handler (ADR 025).
      console.error("Sign-out failed", error);
    }
  }

  return (
    <Suspense fallback={null}>
      <InactivityWarningDialog endsAt={warning.endsAt} onStay={warning.stay} onSignOut={() => void signOutNow()} />
    </Suspense>
  );
}
