import { LogOut } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import { useSignedIn } from "../../lib/session.ts";
import { useSignOutAndLeave } from "../use-sign-out-and-leave.ts";
import { BrandMark } from "./brand-mark.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

const InactivitySignOut = lazy(() => import("../inactivity-sign-out.tsx"));

/**
 * ADR 294: the top of a work screen (the console, the operative app): the brand leading to the
 * area's home, the language, sign out, and the inactivity sign-out the public top bar carries
 * (docs/product.md §4/§9) — no marketing menu.
 */
export function WorkBar({ home, children }: { home: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const signOut = useSignOutAndLeave();
  return (
    <header className="sticky top-0 z-40 w-full bg-ink text-paper" data-testid="work-bar">
      <div className="flex h-14 items-center justify-between gap-2 px-3 sm:px-5">
        <Link to={home} className="flex items-center gap-2 rounded" aria-label={t("brand")}>
          <BrandMark />
        </Link>
        <div className="flex items-center gap-1 sm:gap-3">
          {children}
          <LanguageSwitcher />
          {signedIn && (
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-white/30 px-3 text-sm"
              onClick={() => void signOut()}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("nav.signOut")}</span>
            </button>
          )}
        </div>
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <InactivitySignOut />
        </Suspense>
      )}
    </header>
  );
}
