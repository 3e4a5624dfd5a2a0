import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useTranslation } from "../lib/i18n.ts";
import "../lib/session-translations.ts";
import { refreshSession, useSession } from "../lib/session.ts";
import { Spinner } from "./ui/spinner.tsx";

// SPEC §2: a guard sends any visitor without a session to /login, on load and whenever the
// session disappears. "Disappears" is noticed by re-asking the server when the tab regains focus
// or becomes visible, and once a minute (a session revoked elsewhere, e.g. by a password reset,
// or expired on the server); sign-out in this tab updates the store directly.

export const sessionPollIntervalMs = 60_000;

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation("session");

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible") void refreshSession();
    };
    check();
    const timer = window.setInterval(check, sessionPollIntervalMs);
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);

  if (session.status === "signed-out") {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  if (session.status === "loading") {
    return (
      <div className="container-page flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
        <Spinner className="h-8 w-8 text-gold" />
        <span className="sr-only">{t("checking")}</span>
      </div>
    );
  }
  return children;
}
