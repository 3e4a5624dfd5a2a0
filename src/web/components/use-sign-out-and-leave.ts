import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useTranslation } from "../lib/i18n.ts";
import { signOut } from "../lib/session.ts";
import { forgetOfflineCopies } from "../lib/offline-copies.ts";

/**
 * Signs out, says so and goes to the landing page: the top bar's and the dashboard menu's Sign Out and the inactivity
 * warning's "Sign out now" (docs/product.md §2 Sign Out: 'You have been signed out successfully').
 */
export function useSignOutAndLeave(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      // ADR 294: the operative app's offline copies of assignments leave the device with the session.
      await forgetOfflineCopies();
      toast.success(t("session:signedOut"));
      await navigate("/");
    } catch (error) {
      // The failure toast comes from the query client's one error handler (ADR 025).
      console.error("Sign-out failed", error);
    }
  };
}
