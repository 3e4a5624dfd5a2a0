import { Building2, CalendarDays, CircleUserRound, LogOut, Repeat, Shield } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useSignOutAndLeave } from "../../components/use-sign-out-and-leave.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.ts";
import "./dashboard-translations.ts";
import { ShellAvatar } from "./profile/shell-avatar.tsx";

// docs/product.md §2 customer dashboard: titled MY ACCOUNT; a side menu on wide screens; a 64px bottom tab
// bar at 768px or less (docs/product.md §9 breakpoint) whose fourth entry is Logout (/logout). The side
// menu's Sign Out signs out here and goes to /.

type MenuItem = { to: string; label: string; icon: ReactNode; end?: boolean; badge?: ReactNode };

const iconClass = "h-5 w-5 shrink-0";
const icons = {
  profile: <CircleUserRound className={iconClass} aria-hidden="true" />,
  bookings: <CalendarDays className={iconClass} aria-hidden="true" />,
  series: <Repeat className={iconClass} aria-hidden="true" />,
  security: <Shield className={iconClass} aria-hidden="true" />,
  company: <Building2 className={iconClass} aria-hidden="true" />,
  signOut: <LogOut className={iconClass} aria-hidden="true" />,
};

/** bookingsBadge: what the route composes beside Bookings (docs/product.md §12: the unread messages). */
export function DashboardShell({ children, bookingsBadge }: { children: ReactNode; bookingsBadge?: ReactNode }) {
  const { t } = useTranslation("dashboard");
  const handleSignOut = useSignOutAndLeave();
  const session = useSession();
  const items: MenuItem[] = [
    { to: "/customer-dashboard", label: t("menu.profile"), icon: icons.profile, end: true },
    { to: "/customer-dashboard/bookings", label: t("menu.bookings"), icon: icons.bookings, badge: bookingsBadge },
    { to: "/customer-dashboard/series", label: t("menu.series"), icon: icons.series },
    { to: "/customer-dashboard/security", label: t("menu.security"), icon: icons.security },
    // docs/companies.md: a company's members book, approve and follow its spend here.
    { to: "/customer-dashboard/company", label: t("menu.company"), icon: icons.company },
  ];

  const sideLink = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center gap-3 rounded-md px-4 py-2.5 text-sm font-semibold tracking-wider uppercase transition-colors ${
      isActive ? "bg-ink text-gold" : "text-ink hover:bg-ink/5"
    }`;
  const tabLink = ({ isActive }: { isActive: boolean }) =>
    `flex h-full flex-1 flex-col items-center justify-center gap-1 text-[0.7rem] font-semibold tracking-wide uppercase ${isActive ? "text-gold" : "text-mist hover:text-paper"}`;

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] flex-col bg-paper">
      <div className="container-page flex-1 py-8 md:py-12">
        <header className="flex items-center justify-between gap-4 border-b border-ink-line/15 pb-6">
          <div className="min-w-0">
            <h1 className="text-3xl tracking-[0.12em] md:text-4xl">{t("title")}</h1>
            {session.status === "signed-in" && <p className="mt-2 text-sm text-stone">{t("greeting", { email: session.user.email })}</p>}
          </div>
          <ShellAvatar />
        </header>
        <div className="mt-8 grid gap-8 min-[769px]:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
          <nav aria-label={t("menuLabel")} className="hidden min-[769px]:block">
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={sideLink}>
                    {item.icon}
                    {item.label}
                    {item.badge}
                  </NavLink>
                </li>
              ))}
              <li className="border-t border-ink-line/15 pt-2">
                <button type="button" onClick={() => void handleSignOut()} className={`${sideLink({ isActive: false })} w-full text-left`}>
                  {icons.signOut}
                  {t("menu.signOut")}
                </button>
              </li>
            </ul>
          </nav>
          <div className="min-w-0">{children}</div>
        </div>
      </div>
      {/* docs/product.md §9: 64px bottom bar at 768px or less; sticky so it never covers the footer. */}
      <nav
        aria-label={t("menuLabel")}
        className="sticky bottom-0 z-30 h-16 border-t border-white/10 bg-ink min-[769px]:hidden"
        data-testid="dashboard-tab-bar"
      >
        <ul className="flex h-full">
          {items.map((item) => (
            <li key={item.to} className="flex flex-1">
              <NavLink to={item.to} end={item.end} className={tabLink}>
                <span className="relative">
                  {item.icon}
                  {item.badge && <span className="absolute -top-2 left-3">{item.badge}</span>}
                </span>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="flex flex-1">
            <NavLink to="/logout" className={tabLink}>
              {icons.signOut}
              {t("menu.logout")}
            </NavLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
