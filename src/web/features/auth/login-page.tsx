import { ArrowLeft, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { refreshSession, useSessionStatus } from "../../lib/session.ts";
import { useCheckEmail, useSendCode, type CodeSent } from "./api.ts";
import { isApiError } from "./auth-errors.ts";
import "./auth-translations.ts";
import "./second-factor-translations.ts";
import { EmailStep } from "./email-step.tsx";
import { safeNextPath } from "./safe-next-path.ts";
import { useDeadline } from "./use-verification-timers.ts";

// ADR 085: the first view is the e-mail step; the later steps (and the schemas they validate
// with) load while the e-mail is being checked, so they are not part of the page's first load.
const loadPasswordStep = () => import("./password-step.tsx");
const loadVerificationStep = () => import("./verification-step.tsx");
const loadPersonalDetailsStep = () => import("./personal-details-step.tsx");
const PasswordStep = lazy(() => loadPasswordStep().then((module) => ({ default: module.PasswordStep })));
const VerificationStep = lazy(() => loadVerificationStep().then((module) => ({ default: module.VerificationStep })));
const PersonalDetailsStep = lazy(() => loadPersonalDetailsStep().then((module) => ({ default: module.PersonalDetailsStep })));

function preloadLaterSteps() {
  for (const load of [loadPasswordStep, loadVerificationStep, loadPersonalDetailsStep]) void load().catch(() => undefined);
}

// docs/product.md §2 login and sign-up page and §4 login flow: e-mail → (account exists) password, or
// (none) 'No account found' → Sign Up re-checks → code sent → 4-digit code → personal details →
// account created, signed in → /customer-dashboard (or ?next=, same-origin paths only).
// /register opens the same flow at sign-up: the e-mail goes straight to sending the code.

type Step =
  | { name: "email" }
  | { name: "password"; email: string; accountExists: boolean; secondFactor?: boolean }
  | { name: "noAccount"; email: string }
  | { name: "code"; email: string; codeSent: CodeSent }
  | { name: "details"; email: string; codeSent: CodeSent; verificationToken: string };

type LoginPageProps = {
  startWith: "signIn" | "signUp";
  /** The prerendered /login (ADR 085): the e-mail step shows while the session is checked. */
  formWhileSessionLoads?: boolean;
};

export function LoginPage({ startWith, formWhileSessionLoads = false }: LoginPageProps) {
  const { t } = useTranslation("auth");
  const { t: tSecondFactor } = useTranslation("second-factor");
  const sessionStatus = useSessionStatus(formWhileSessionLoads);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParameters] = useSearchParams();
  const target = safeNextPath(searchParameters.get("next"));
  const [step, setStep] = useState<Step>({ name: "email" });
  const [lastEmail, setLastEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [authenticated, setAuthenticated] = useState(false);
  const checkEmail = useCheckEmail();
  const sendCodeRequest = useSendCode({ inlineErrors: ["account_exists"], errorTitleKey: "auth:details.signUpFailed" });

  // The details form must be sent inside the 10-minute verification window too (docs/product.md §4).
  useDeadline(step.name === "details" ? step.codeSent.expiresAt : null, () => {
    toast.error(t("code.timeoutTitle"), { description: t("code.timeoutBody") });
    restartAfterTimeout();
  });

  if (sessionStatus === "loading") {
    return (
      <div className="flex min-h-[60vh] items-center justify-center" role="status">
        <Spinner />
        <span className="sr-only">{t("session.checking")}</span>
      </div>
    );
  }
  // docs/product.md §2: /login redirects to /customer-dashboard when a session exists.
  if (sessionStatus === "signed-in" && !authenticated) return <Navigate to={target} replace />;

  function restartAfterTimeout() {
    setTimedOut(true);
    setStep({ name: "email" });
  }

  async function afterAuthentication() {
    setAuthenticated(true);
    await refreshSession();
    // docs/product.md §2: after account creation the user stays when the path contains booking-summary.
    if (!location.pathname.includes("booking-summary")) await navigate(target, { replace: true });
  }

  async function sendCode(email: string) {
    try {
      const codeSent = await sendCodeRequest.mutateAsync(email);
      setStep({ name: "code", email, codeSent });
      toast.success(t("code.sentTitle"), { description: t("code.sentBody") });
    } catch (failure) {
      // Other failures are shown by the query client's one error handler (ADR 025).
      if (isApiError(failure, "account_exists")) {
        setStep({ name: "password", email, accountExists: true });
        toast.error(t("accountExists.title"), { description: t("accountExists.body") });
      }
    }
  }

  async function submitEmail(email: string) {
    setLastEmail(email);
    setTimedOut(false);
    setBusy(true);
    preloadLaterSteps();
    try {
      if (startWith === "signUp") {
        await sendCode(email);
        return;
      }
      const { exists } = await checkEmail.mutateAsync(email);
      setStep(exists ? { name: "password", email, accountExists: false } : { name: "noAccount", email });
    } catch {
      // Shown by the query client's one error handler (ADR 025).
    } finally {
      setBusy(false);
    }
  }

  async function signUp(email: string) {
    // docs/product.md §4: Sign Up re-checks; the account may have been created meanwhile.
    setBusy(true);
    try {
      const { exists } = await checkEmail.mutateAsync(email);
      if (exists) {
        setStep({ name: "password", email, accountExists: true });
        toast.error(t("accountExists.title"), { description: t("accountExists.body") });
        return;
      }
      await sendCode(email);
    } catch {
      // Shown by the query client's one error handler (ADR 025).
    } finally {
      setBusy(false);
    }
  }

  const heading = (() => {
    switch (step.name) {
      case "email":
        return startWith === "signUp"
          ? { title: t("login.registerTitle"), intro: t("login.registerIntro") }
          : { title: t("login.title"), intro: t("login.intro") };
      case "password":
        // Two-factor authentication on: after the password, the code step has its own heading.
        return step.secondFactor
          ? { title: tSecondFactor("title"), intro: tSecondFactor("intro") }
          : { title: t("password.title"), intro: t("password.intro", { email: step.email }) };
      case "noAccount":
        return { title: t("noAccount.title"), intro: t("noAccount.body", { email: step.email }) };
      case "code":
        return { title: t("code.title"), intro: t("code.intro", { email: step.email }) };
      case "details":
        return { title: t("details.title"), intro: t("details.intro") };
    }
  })();

  const backToEmail =
    step.name === "email" ? null : (
      <Button variant="link-muted" className="mt-6 -ml-2" onClick={() => setStep({ name: "email" })}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("common.useDifferentEmail")}
      </Button>
    );

  return (
    <div className="bg-paper">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] md:items-start md:py-20 lg:gap-20">
        <aside className="hidden rounded-2xl bg-ink p-10 text-paper md:block" aria-labelledby="login-aside-title">
          <ShieldCheck className="h-14 w-14 text-gold" strokeWidth={1.5} aria-hidden="true" />
          <h2 id="login-aside-title" className="mt-8 text-3xl text-paper">
            {t("login.asideTitle")}
          </h2>
          <p className="mt-4 leading-relaxed text-mist">{t("login.asideBody")}</p>
          <ul className="mt-8 space-y-3 text-sm">
            {(t("login.asidePoints", { returnObjects: true }) as string[]).map((point) => (
              <li key={point} className="flex items-center gap-3">
                <span className="h-1.5 w-1.5 rounded-full bg-gold" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </aside>

        <section
          className="rounded-2xl border border-ink-line/15 bg-white p-6 shadow-sm sm:p-10"
          aria-labelledby="login-title"
          data-step={step.name}
        >
          <p className="eyebrow">{t("login.eyebrow")}</p>
          <h1 id="login-title" className="mt-3 text-3xl text-ink">
            {heading.title}
          </h1>
          <p className="mt-3 text-sm leading-relaxed text-stone">{heading.intro}</p>

          <div className="mt-8">
            <Suspense
              fallback={
                <div className="flex justify-center py-6" role="status">
                  <Spinner />
                </div>
              }
            >
              {timedOut && step.name === "email" && (
                <div className="mb-5">
                  <Notice tone="error" title={t("code.timeoutTitle")}>
                    <p>{t("code.timeoutBody")}</p>
                  </Notice>
                </div>
              )}

              {step.name === "email" && (
                <EmailStep
                  defaultEmail={lastEmail}
                  busy={busy}
                  submitLabel={startWith === "signUp" ? t("login.sendCode") : t("common.continue")}
                  busyLabel={startWith === "signUp" ? t("login.sendingCode") : t("login.checking")}
                  onSubmit={(email) => void submitEmail(email)}
                />
              )}

              {step.name === "password" && (
                <PasswordStep
                  key={step.email}
                  email={step.email}
                  accountExists={step.accountExists}
                  onDismissAccountExists={() => setStep({ ...step, accountExists: false })}
                  onSecondFactorChange={(secondFactor) => setStep({ ...step, secondFactor })}
                  onSignedIn={afterAuthentication}
                />
              )}

              {step.name === "noAccount" && (
                <div className="space-y-4" data-testid="no-account">
                  <Button className="w-full" loading={busy} onClick={() => void signUp(step.email)} autoFocus>
                    {busy ? t("login.sendingCode") : t("noAccount.signUp")}
                  </Button>
                </div>
              )}

              {step.name === "code" && (
                <VerificationStep
                  email={step.email}
                  codeSent={step.codeSent}
                  onCodeResent={(codeSent) => setStep({ ...step, codeSent })}
                  onVerified={(verificationToken) =>
                    setStep({ name: "details", email: step.email, codeSent: step.codeSent, verificationToken })
                  }
                  onTimeout={restartAfterTimeout}
                />
              )}

              {step.name === "details" && (
                <PersonalDetailsStep
                  email={step.email}
                  verificationToken={step.verificationToken}
                  onCreated={afterAuthentication}
                  onVerificationExpired={restartAfterTimeout}
                />
              )}
            </Suspense>
          </div>
          {backToEmail}
        </section>
      </div>
    </div>
  );
}
