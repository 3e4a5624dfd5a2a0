import { ArrowLeft, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { accountHomeOf } from "../../../shared/roles.ts";
import { currentSession, refreshSession, useSessionStatus } from "../../lib/session.ts";
import { useCheckEmail, useLinkBankIdAfterSignIn } from "./api.ts";
import "./auth-translations.ts";
import "./second-factor-translations.ts";
import "../../components/bankid-translations.ts";
import { EmailStep } from "./email-step.tsx";
import { BankIdSignIn } from "./bankid-sign-in.tsx";
import { PasskeySignIn } from "./passkey-sign-in.tsx";
import { defaultAfterSignIn, safeNextPath } from "./safe-next-path.ts";
import { useSignUpFlow } from "./use-sign-up-flow.ts";

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

// The sign-in side of the page: the e-mail, then the password or the offer to sign up. From the
// code sent on, the sign-up machine (use-sign-up-flow.ts) leads, the same one the booking dialog runs.
type Entry =
  | { name: "email" }
  | { name: "password"; email: string; accountExists: boolean; secondFactor?: boolean }
  | { name: "noAccount"; email: string };

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
  const requested = safeNextPath(searchParameters.get("next"));
  /** ADR 220: without a page asked for, an account lands in its own home (an operative in /operative). */
  const landingFor = (role: string | null | undefined) => (requested === defaultAfterSignIn ? accountHomeOf(role) : requested);
  const session = currentSession();
  const target = landingFor(session.status === "signed-in" ? session.user.role : null);
  const [entry, setEntry] = useState<Entry>({ name: "email" });
  const [lastEmail, setLastEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [authenticated, setAuthenticated] = useState(false);
  const checkEmail = useCheckEmail();
  // ADR 272: a BankID sign-in that found no account, linked once the person proves one below.
  const [bankIdOrderToLink, setBankIdOrderToLink] = useState<string | null>(null);
  const linkBankId = useLinkBankIdAfterSignIn();
  const { t: tBankId } = useTranslation("bankid");
  const signUpFlow = useSignUpFlow("details");
  const flow = signUpFlow.state;

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

  // What the page shows: the machine's step once a code was sent, the sign-in side before.
  const step = flow.step === "start" ? entry.name : flow.step === "code" ? "code" : "details";

  async function afterAuthentication() {
    setAuthenticated(true);
    if (bankIdOrderToLink) {
      try {
        const linked = await linkBankId.mutateAsync(bankIdOrderToLink);
        if (linked.outcome === "linked") toast.success(tBankId("linkedAfterSignIn"));
        else toast.error(tBankId("linkedElsewhere"));
      } catch {
        // Shown by the query client's one error handler (ADR 025); the sign-in itself stands.
      }
    }
    const session = await refreshSession();
    // docs/product.md §2: after account creation the user stays when the path contains booking-summary.
    if (!location.pathname.includes("booking-summary")) {
      await navigate(landingFor(session.status === "signed-in" ? session.user.role : null), { replace: true });
    }
  }

  /** An address with an account: the password step, with the notice (docs/product.md §4). */
  function offerSignIn(email: string) {
    setEntry({ name: "password", email, accountExists: true });
  }

  async function sendCode(email: string) {
    // Whatever ends the sign-up later (a timeout) comes back to the e-mail step.
    const outcome = await signUpFlow.sendCode(email);
    if (outcome === "accountExists") offerSignIn(email);
    else if (outcome !== "failed") setEntry({ name: "email" });
  }

  async function submitEmail(email: string) {
    setLastEmail(email);
    signUpFlow.restart();
    setBusy(true);
    preloadLaterSteps();
    try {
      if (startWith === "signUp") {
        await sendCode(email);
        return;
      }
      const { exists } = await checkEmail.mutateAsync(email);
      setEntry(exists ? { name: "password", email, accountExists: false } : { name: "noAccount", email });
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
        offerSignIn(email);
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

  function useDifferentEmail() {
    signUpFlow.restart();
    setEntry({ name: "email" });
  }

  const entryEmail = entry.name === "email" ? "" : entry.email;
  const heading = (() => {
    switch (step) {
      case "email":
        return startWith === "signUp"
          ? { title: t("login.registerTitle"), intro: t("login.registerIntro") }
          : { title: t("login.title"), intro: t("login.intro") };
      case "password":
        // Two-factor authentication on: after the password, the code step has its own heading.
        return entry.name === "password" && entry.secondFactor
          ? { title: tSecondFactor("title"), intro: tSecondFactor("intro") }
          : { title: t("password.title"), intro: t("password.intro", { email: entryEmail }) };
      case "noAccount":
        return { title: t("noAccount.title"), intro: t("noAccount.body", { email: entryEmail }) };
      case "code":
        return { title: t("code.title"), intro: t("code.intro", { email: flow.email }) };
      case "details":
        return { title: t("details.title"), intro: t("details.intro") };
    }
  })();

  const backToEmail =
    step === "email" ? null : (
      <Button variant="link-muted" className="mt-6 -ml-2" onClick={useDifferentEmail}>
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
          data-step={step}
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
              {flow.timedOut && step === "email" && (
                <div className="mb-5">
                  <Notice tone="error" title={t("code.timeoutTitle")}>
                    <p>{t("code.timeoutBody")}</p>
                  </Notice>
                </div>
              )}

              {step === "email" && (
                <EmailStep
                  defaultEmail={lastEmail}
                  busy={busy}
                  submitLabel={startWith === "signUp" ? t("login.sendCode") : t("common.continue")}
                  busyLabel={startWith === "signUp" ? t("login.sendingCode") : t("login.checking")}
                  onSubmit={(email) => void submitEmail(email)}
                />
              )}
              {/* ADR 270, 272: a passkey or BankID signs in without the e-mail and password steps. Their
                  own boundary: while their code or words load, the e-mail field is already there,
                  in the prerendered page too (ADR 085). */}
              {step === "email" && startWith === "signIn" && (
                <Suspense fallback={null}>
                  <PasskeySignIn onSignedIn={afterAuthentication} />
                  <BankIdSignIn onSignedIn={afterAuthentication} onUnlinkedPerson={setBankIdOrderToLink} />
                </Suspense>
              )}

              {step === "password" && entry.name === "password" && (
                <PasswordStep
                  key={entry.email}
                  email={entry.email}
                  accountExists={entry.accountExists}
                  onDismissAccountExists={() => setEntry({ ...entry, accountExists: false })}
                  onSecondFactorChange={(secondFactor) => setEntry({ ...entry, secondFactor })}
                  onSignedIn={afterAuthentication}
                />
              )}

              {step === "noAccount" && entry.name === "noAccount" && (
                <div className="space-y-4" data-testid="no-account">
                  <Button className="w-full" loading={busy} onClick={() => void signUp(entry.email)} autoFocus>
                    {busy ? t("login.sendingCode") : t("noAccount.signUp")}
                  </Button>
                </div>
              )}

              {flow.step === "code" && flow.codeSent && (
                <VerificationStep
                  email={flow.email}
                  codeSent={flow.codeSent}
                  onCodeResent={signUpFlow.codeResent}
                  onVerified={signUpFlow.verified}
                  onTimeout={signUpFlow.expired}
                />
              )}

              {/* Kept on screen once created, while the session is read and the page moves on. */}
              {(flow.step === "details" || flow.step === "created") && (
                <PersonalDetailsStep
                  email={flow.email}
                  createAccount={async (details) => {
                    const outcome = await signUpFlow.createAccount(details);
                    if (outcome.kind === "accountExists") offerSignIn(flow.email);
                    return outcome;
                  }}
                  onCreated={afterAuthentication}
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
