import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Role } from "../../shared/roles.ts";
import "../lib/session-translations.ts";
import { useTranslation } from "../lib/i18n.ts";
import { sessionEndReason, sessionQuery, type SessionState } from "../lib/session.ts";
import { Spinner } from "./ui/spinner.tsx";

// docs/product.md §2: a guard sends any visitor without a session to /login, on load and whenever the
// session disappears (ADR 041). The session query is re-asked on mount, when the tab regains focus
// or becomes visible, and once a minute while visible (a session revoked elsewhere, e.g. by a
// password reset, or expired on the server); sign-out and any API 401 set it to signed-out at once
// (query-client.ts). Only rendered in the account and operator layouts, where the QueryClient is loaded.

export const sessionPollIntervalMs = 60_000;

const loading: SessionState = { status: "loading" };

export function RequireSession({ children, roles }: { children: ReactNode; roles?: readonly Role[] }) {
  const { data: session = loading } = useQuery({
    ...sessionQuery,
    refetchOnMount: "always",
    refetchOnWindowFocus: "always",
    refetchInterval: sessionPollIntervalMs,
  });
  const location = useLocation();
  const { t } = useTranslation("session");

  if (session.status === "signed-out") {
    // docs/product.md §2: a Sign Out button goes home (and says so); only a session that ended otherwise
    // (expired, revoked, inactivity) asks to sign in again and come back.
    if (sessionEndReason() === "sign-out") return <Navigate to="/" replace />;
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
  // The staff check only decides what this browser shows; the API refuses non-staff on its own.
  const allowed = !roles || roles.some((role) => role === session.user.role);
  if (!allowed) {
    return (
      <section className="container-page py-16" role="alert" data-testid="not-allowed">
        <h1 className="text-3xl">{t("notAllowedTitle")}</h1>
        <p className="mt-4 text-stone">{t("notAllowedBody")}</p>
      </section>
    );
  }
  return children;
}
