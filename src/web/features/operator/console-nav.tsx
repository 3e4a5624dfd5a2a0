import { Link, useLocation } from "react-router";
import { useTranslation, type QualifiedTranslationKey, type TranslationKey } from "../../lib/i18n.ts";
import "./operator-translations.ts";
import "./dispatch-translations.ts";

// The console's sections (ADR 070). A plain list of links; the current section carries
// aria-current="page", and the list wraps on a phone instead of scrolling.

const sections = [
  { to: "/admin", key: "nav.bookings", matches: (path: string) => path === "/admin" || path.startsWith("/admin/bookings") },
  { to: "/admin/operatives", key: "nav.operatives", matches: (path: string) => path.startsWith("/admin/operatives") },
  { to: "/admin/live", key: "dispatch:nav.live", matches: (path: string) => path.startsWith("/admin/live") },
  { to: "/admin/alarms", key: "dispatch:nav.alarms", matches: (path: string) => path.startsWith("/admin/alarms") },
  { to: "/admin/board", key: "dispatch:nav.board", matches: (path: string) => path.startsWith("/admin/board") },
  { to: "/admin/audit", key: "dispatch:nav.audit", matches: (path: string) => path.startsWith("/admin/audit") },
  { to: "/admin/id-documents", key: "nav.idDocuments", matches: (path: string) => path.startsWith("/admin/id-documents") },
  { to: "/admin/payments", key: "nav.payments", matches: (path: string) => path.startsWith("/admin/payments") },
  { to: "/admin/invoicing", key: "nav.invoicing", matches: (path: string) => path.startsWith("/admin/invoicing") },
  { to: "/admin/insights", key: "nav.insights", matches: (path: string) => path.startsWith("/admin/insights") },
  { to: "/admin/catalogue", key: "nav.catalogue", matches: (path: string) => path.startsWith("/admin/catalogue") },
  { to: "/admin/staff", key: "nav.staff", matches: (path: string) => path.startsWith("/admin/staff"), adminOnly: true },
] satisfies {
  to: string;
  key: TranslationKey<"operator"> | QualifiedTranslationKey;
  matches: (path: string) => boolean;
  adminOnly?: boolean;
}[];

export function ConsoleNav({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation("operator");
  // Two sections are named by the dispatch namespace: the nav waits for its Swedish as well (ADR 210).
  useTranslation("dispatch");
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, "");
  return (
    <nav aria-label={t("nav.label")} className="border-b border-ink-line/15 bg-white">
      <ul className="container-page flex flex-wrap gap-x-6">
        {sections
          .filter((section) => isAdmin || !("adminOnly" in section))
          .map((section) => {
            const current = section.matches(path);
            return (
              <li key={section.to}>
                <Link
                  to={section.to}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center border-b-2 px-1 text-sm font-semibold tracking-wide uppercase ${
                    current ? "border-gold text-ink" : "border-transparent text-stone hover:text-ink"
                  }`}
                >
                  {t(section.key)}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
