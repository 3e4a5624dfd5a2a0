import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation, type QualifiedTranslationKey, type TranslationKey } from "../../lib/i18n.ts";
import "./operator-translations.ts";
import "./dispatch-translations.ts";

// The console's sections (ADR 070). A plain list of links; the current section carries
// aria-current="page". ADR 294: a column at the side on wide screens; on a phone and a tablet a
// menu button (naming the current section) opens the same list, so the work keeps the width.

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
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const visible = sections.filter((section) => isAdmin || !("adminOnly" in section));
  const current = visible.find((section) => section.matches(path));
  return (
    <nav
      aria-label={t("nav.label")}
      className="border-b border-ink-line/15 bg-white lg:sticky lg:top-14 lg:border-b-0"
      data-testid="console-nav"
    >
      <button
        type="button"
        className="flex min-h-11 w-full items-center gap-2 px-4 text-sm font-semibold tracking-wide uppercase lg:hidden"
        aria-expanded={open}
        aria-controls="console-sections"
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
        {current ? t(current.key) : t("nav.label")}
      </button>
      <ul id="console-sections" className={`${open ? "flex" : "hidden"} flex-col px-2 pb-2 lg:flex lg:px-0 lg:py-3`}>
        {visible.map((section) => {
          const isCurrent = section.matches(path);
          return (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={isCurrent ? "page" : undefined}
                className={`flex min-h-11 items-center border-l-4 px-4 text-sm font-semibold tracking-wide uppercase ${
                  isCurrent ? "border-gold bg-paper text-ink" : "border-transparent text-stone hover:bg-paper hover:text-ink"
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
