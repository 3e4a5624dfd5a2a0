import { ClipboardList, IdCard, LogOut, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useSignOutAndLeave } from "../../components/use-sign-out-and-leave.ts";
import { useTranslation } from "../../lib/i18n.ts";
import "./operative-translations.ts";

// ADR 220: the operative's own area holds everything an operative does — the assignments, the
// two-factor sign-in the area needs (ADR 160), the profile and the licence — one tap apart on a
// phone, with no way into the customer's MY ACCOUNT or the booking page.

const iconClass = "h-4 w-4 shrink-0";

export function OperativeAreaShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("operative");
  const signOut = useSignOutAndLeave();
  const items = [
    { to: "/operative", label: t("area.assignments"), icon: <ClipboardList className={iconClass} aria-hidden="true" />, end: true },
    { to: "/operative/profile", label: t("area.profile"), icon: <IdCard className={iconClass} aria-hidden="true" /> },
    { to: "/operative/security", label: t("area.security"), icon: <ShieldCheck className={iconClass} aria-hidden="true" /> },
  ];
  const link = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold ${
      isActive ? "bg-ink text-gold" : "text-ink hover:bg-ink/5"
    }`;
  return (
    <div className="bg-paper" data-testid="operative-area">
      <nav aria-label={t("area.menu")} className="border-b border-ink-line/15 bg-white">
        <ul className="mx-auto flex max-w-xl flex-wrap items-center gap-1 px-2 py-2 sm:px-4">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={link}>
                {item.icon}
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="ml-auto">
            <button type="button" className={link({ isActive: false })} onClick={() => void signOut()}>
              <LogOut className={iconClass} aria-hidden="true" />
              {t("area.signOut")}
            </button>
          </li>
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A page of the area with its heading: the security page's and the profile page's frame. */
export function OperativeAreaPage({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-8" aria-labelledby={`${testId ?? "page"}-heading`} data-testid={testId}>
      <h1 id={`${testId ?? "page"}-heading`} className="text-2xl">
        {title}
      </h1>
      {intro && <p className="text-stone">{intro}</p>}
      {children}
    </section>
  );
}

/** /operative/security: the two-factor switch first (the area opens once it is on), then the password. */
export function OperativeSecurityPage({ twoFactor, password }: { twoFactor: ReactNode; password: ReactNode }) {
  const { t } = useTranslation("operative");
  return (
    <OperativeAreaPage title={t("security.title")} intro={t("security.intro")} testId="operative-security">
      <section aria-labelledby="operative-two-factor-heading" className="rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6">
        <h2 id="operative-two-factor-heading" className="mb-4 text-lg">
          {t("security.twoFactor")}
        </h2>
        {twoFactor}
      </section>
      {password}
    </OperativeAreaPage>
  );
}
