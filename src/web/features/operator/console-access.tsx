import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { consoleAccessQuery } from "./api.ts";
import "./operator-translations.ts";

// ADR 119: with the admins' two-factor policy on, the console's API turns an operator without
// two-factor sign-in away with 403 `two_factor_required` (src/server/features/operator/guard.ts).
// Without this gate every screen's query failed on its own: an empty console and a toast saying
// only that something went wrong. The gate asks once, and says what to do and where.

/**
 * The console's guard refuses a staff member for the two-factor policy only (the role was checked
 * before this runs): its own code, or a bare 403 `forbidden` from a server that has no such code.
 */
function needsTwoFactor(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.code === "two_factor_required" || error.code === "forbidden");
}

export function ConsoleAccessGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("operator");
  const access = useQuery(consoleAccessQuery);
  if (access.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center" role="status">
        <Spinner className="h-8 w-8 text-gold-deep" />
        <span className="sr-only">{t("access.checking")}</span>
      </div>
    );
  }
  if (access.isError && needsTwoFactor(access.error)) return <TwoFactorRequired />;
  // Any other failure is the screens' to show: they ask again and explain their own errors.
  return children;
}

function TwoFactorRequired() {
  const { t } = useTranslation("operator");
  return (
    <div className="container-page py-16" data-testid="console-two-factor-required">
      <div className="mx-auto max-w-xl rounded-xl border border-gold/40 bg-white p-8 text-center shadow-sm">
        <ShieldAlert className="mx-auto h-12 w-12 text-gold-deep" aria-hidden="true" />
        <h1 className="mt-4 text-2xl text-ink sm:text-3xl">{t("access.title")}</h1>
        <p className="mt-3 text-stone">{t("access.body")}</p>
        <ol className="mt-6 list-decimal space-y-1 pl-6 text-left text-sm text-ink">
          <li>{t("access.stepOpen")}</li>
          <li>{t("access.stepTurnOn")}</li>
          <li>{t("access.stepReturn")}</li>
        </ol>
        <Link to="/customer-dashboard#two-factor" className="button-gold mt-8">
          {t("access.link")}
        </Link>
      </div>
    </div>
  );
}
