import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Footer } from "../components/layout/footer.tsx";
import { TopBar } from "../components/layout/top-bar.tsx";
import { useTranslation } from "../lib/i18n.ts";

export default function SiteLayout() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const isLanding = pathname === "/" || pathname === "/index";

  // SPEC §2: page changes scroll to the top (an in-page anchor is left to the browser).
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, behavior: "instant" });
  }, [pathname, hash]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 bg-gold px-4 py-2 text-ink focus:not-sr-only focus:absolute focus:top-2 focus:left-2">
        {t("skipToContent")}
      </a>
      <TopBar transparent={isLanding} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
