import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { Footer } from "../components/layout/footer.tsx";
import { TopBar } from "../components/layout/top-bar.tsx";
import { WorkBar } from "../components/layout/work-bar.tsx";
import { useTranslation } from "../lib/i18n.ts";

export default function SiteLayout() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const isLanding = pathname === "/" || pathname === "/index";
  // ADR 294: the console and the operative app are work screens: their own bar, no marketing footer.
  const workArea = /^\/(admin|operative)(\/|$)/.exec(pathname)?.[1];

  const previousPathname = useRef(pathname);

  // docs/product.md §2: page changes scroll to the top (an in-page anchor is left to the browser).
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, behavior: "instant" });
  }, [pathname, hash]);

  // WCAG 2.4.3 (focus order): after a client-side page change focus moves to the new page's main
  // heading, so a screen reader announces the page, as a full page load would. The first load and
  // in-page anchors keep the browser's own focus.
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (hash) return;
    const main = document.getElementById("main");
    // A page that puts the caret in its first field on arrival keeps it.
    if (document.activeElement?.matches("input, textarea, select") && main?.contains(document.activeElement)) return;
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname, hash]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 bg-gold px-4 py-2 text-ink focus:not-sr-only focus:absolute focus:top-2 focus:left-2">
        {t("skipToContent")}
      </a>
      {workArea ? <WorkBar home={`/${workArea}`} /> : <TopBar transparent={isLanding} />}
      <main id="main" className={`flex-1 ${workArea ? "bg-paper" : ""}`}>
        <Outlet />
      </main>
      {!workArea && <Footer />}
    </div>
  );
}
