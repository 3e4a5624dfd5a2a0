import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { signOut } from "../../lib/session.ts";
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
/** ADR 271: the session was made by a password (or a password and a code), not a passkey or BankID. */
function needsStrongSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === "strong_sign_in_required";
}

function needsTwoFactor(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.code === "two_factor_required" || error.code === "forbidden");
}

type ConsoleAccessGateProps = {
  children: ReactNode;
  /** The account's passkey settings (composed by the route: features do not import each other). */
  passkeySetup: ReactNode;
};

export function ConsoleAccessGate({ children, passkeySetup }: ConsoleAccessGateProps) {
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
  if (access.isError && needsStrongSignIn(access.error)) return <StrongSignInRequired passkeySetup={passkeySetup} />;
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

/**
 * ADR 271: staff see customers' personal data, so the console takes a sign-in that a look-alike site
 * cannot relay. The page says why, lets them add a passkey right here (the password session may add
 * one), and signs them out to sign in again with it.
 */
function StrongSignInRequired({ passkeySetup }: { passkeySetup: ReactNode }) {
  const { t } = useTranslation("operator");
  async function signInAgain() {
    try {
      // "ended", not a Sign Out: the session guard (require-session.tsx) then sends the person to
      // /login and back to this page, where the passkey signs in.
      await signOut({ reason: "ended" });
    } catch {
      // The failure toast comes from the query client's one error handler (ADR 025).
    }
  }
  return (
    <div className="container-page py-16" data-testid="console-strong-sign-in-required">
      <div className="mx-auto max-w-xl rounded-xl border border-gold/40 bg-white p-8 shadow-sm">
        <ShieldAlert className="mx-auto h-12 w-12 text-gold-deep" aria-hidden="true" />
        <h1 className="mt-4 text-center text-2xl text-ink sm:text-3xl">{t("strongSignIn.title")}</h1>
        <p className="mt-3 text-stone">{t("strongSignIn.body")}</p>
        <h2 className="mt-6 text-sm font-semibold text-ink">{t("strongSignIn.stepAdd")}</h2>
        <div className="mt-3">{passkeySetup}</div>
        <h2 className="mt-8 text-sm font-semibold text-ink">{t("strongSignIn.stepSignIn")}</h2>
        <Button className="mt-3 w-full" onClick={() => void signInAgain()}>
          {t("strongSignIn.signInAgain")}
        </Button>
        <p className="mt-4 text-xs text-stone">{t("strongSignIn.bankId")}</p>
      </div>
    </div>
  );
}
