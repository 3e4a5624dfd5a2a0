import { ClipboardList, IdCard, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useOperativeApp } from "../../lib/operative-app.ts";
import { useRefreshWhenSent } from "./api.ts";
import { WaitingWrites } from "./waiting-writes.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import "./operative-translations.ts";

// ADR 220: the operative's own area holds everything an operative does — the assignments, the
// two-factor sign-in the area needs (ADR 160), the profile and the licence — one tap apart on a
// phone, with no way into the customer's MY ACCOUNT or the booking page.

const iconClass = "h-5 w-5 shrink-0";

export function OperativeAreaShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("operative");
  useOperativeApp();
  useRefreshWhenSent();
  const items = [
    { to: "/operative", label: t("area.assignments"), icon: <ClipboardList className={iconClass} aria-hidden="true" />, end: true },
    { to: "/operative/profile", label: t("area.profile"), icon: <IdCard className={iconClass} aria-hidden="true" /> },
    { to: "/operative/security", label: t("area.security"), icon: <ShieldCheck className={iconClass} aria-hidden="true" /> },
  ];
  // ADR 294: a phone app's bar at the bottom, in reach of the thumb, each section a large target.
  const link = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-14 flex-col items-center justify-center gap-1 px-1 text-center text-xs leading-tight font-semibold ${
      isActive ? "text-gold" : "text-paper/80 hover:text-paper"
    }`;
  return (
    <div className="min-h-full bg-paper pb-20" data-testid="operative-area">
      <WaitingWrites />
      {children}
      <nav
        aria-label={t("area.menu")}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-ink pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="mx-auto grid max-w-xl grid-cols-3">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={link}>
                {item.icon}
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
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
