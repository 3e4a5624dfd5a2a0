import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import { accountHomeOf } from "../../../shared/roles.ts";
import { useSignedIn, useSignedInRole } from "../../lib/session.ts";
import { BrandMark } from "./brand-mark.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { useSignOutAndLeave } from "../use-sign-out-and-leave.ts";

// Loaded only for a signed-in session, so the public pages' first load carries neither the
// inactivity timer nor its warning dialog (ADR 085, ADR 118).
const InactivitySignOut = lazy(() => import("../inactivity-sign-out.tsx"));

/** docs/product.md §2 top bar: transparent over the landing hero, black elsewhere; a menu toggle on mobile. */
export function TopBar({ transparent }: { transparent: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const role = useSignedInRole();
  // ADR 220: an operative's account is its own area, and an operative books nothing.
  const operative = role === "operative";
  const accountHome = accountHomeOf(role);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const handleSignOut = useSignOutAndLeave();

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded px-1 py-2 text-sm tracking-wide transition-colors hover:text-gold ${isActive ? "text-gold" : "text-paper"}`;

  const links = (
    <>
      <NavLink to="/how-it-works" className={linkClass}>
        {t("nav.howItWorks")}
      </NavLink>
      <NavLink to="/about" className={linkClass}>
        {t("nav.about")}
      </NavLink>
      <NavLink to="/help" className={linkClass}>
        {t("nav.faq")}
      </NavLink>
      {signedIn && (
        <NavLink to={accountHome} className={linkClass}>
          {t("nav.dashboard")}
        </NavLink>
      )}
    </>
  );

  const accountActions = signedIn ? (
    <button type="button" className="button-outline border-white/40 text-paper" onClick={() => void handleSignOut()}>
      {t("nav.signOut")}
    </button>
  ) : (
    <>
      <Link to="/login" className="rounded px-1 py-2 text-sm text-paper hover:text-gold">
        {t("nav.signIn")}
      </Link>
      <Link to="/login" className="button-gold">
        {t("nav.signUp")}
      </Link>
    </>
  );

  return (
    <header
      className={`${transparent ? "absolute bg-gradient-to-b from-black/70 to-transparent" : "sticky bg-ink"} top-0 z-40 w-full text-paper`}
      data-testid="top-bar"
    >
      {/* docs/product.md §2: signed in, the phone bar holds the logo, Book, the language button and the menu on one line. */}
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4">
        <Link to="/" className="flex items-center gap-2 rounded" aria-label={t("brand")}>
          <BrandMark />
        </Link>
        <nav aria-label={t("nav.mainNavigation")} className="hidden items-center gap-6 md:flex">
          {links}
        </nav>
        <div className="hidden items-center gap-4 md:flex">
          <LanguageSwitcher />
          {accountActions}
        </div>
        <div className="flex items-center gap-1 md:hidden">
          {signedIn && !operative && (
            <Link to="/secure-booking" className="button-gold px-3">
              {t("nav.book")}
            </Link>
          )}
          <LanguageSwitcher />
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-white/30"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {/* docs/product.md §4/§9: sign out after 30 minutes without activity; the top bar is on every page. */}
      {signedIn && (
        <Suspense fallback={null}>
          <InactivitySignOut />
        </Suspense>
      )}
      {menuOpen && (
        <nav id="mobile-menu" aria-label={t("nav.mainNavigation")} className="border-t border-white/10 bg-ink md:hidden">
          <div className="container-page flex flex-col gap-2 py-4">
            {links}
            <div className="mt-2 flex items-center gap-4">{accountActions}</div>
          </div>
        </nav>
      )}
    </header>
  );
}
