import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button, buttonClassName } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { signOut } from "../../lib/session.ts";
import "./auth-translations.ts";

// docs/product.md §2 /logout (the tab bar's Logout): signs out, toast 'Success' / 'You have been logged out
// successfully', goes to /; on failure a destructive toast 'Error' / 'Failed to log out. Please
// try again.' and the page offers a retry.

export function LogoutPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  async function logOut() {
    setFailed(false);
    try {
      // docs/product.md §2 failure toast 'Error' / 'Failed to log out…', shown by the query client's handler (ADR 025).
      await signOut({ errorToast: { titleKey: "auth:logout.errorTitle", bodyKey: "auth:logout.errorBody" } });
      toast.success(t("logout.successTitle"), { description: t("logout.successBody") });
      await navigate("/", { replace: true });
    } catch (error) {
      console.error("Log-out failed", error);
      setFailed(true);
    }
  }

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void logOut();
  });

  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-6 py-16 text-center">
      {failed ? (
        <>
          <p className="text-lg font-semibold" role="alert">
            {t("logout.errorBody")}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={() => void logOut()}>
              {t("logout.retry")}
            </Button>
            <Link to="/customer-dashboard" className={buttonClassName({ variant: "outline", className: "text-ink" })}>
              {t("logout.backToAccount")}
            </Link>
          </div>
        </>
      ) : (
        <p className="flex items-center gap-3 text-stone" role="status">
          <Spinner /> {t("logout.working")}
        </p>
      )}
    </div>
  );
}
