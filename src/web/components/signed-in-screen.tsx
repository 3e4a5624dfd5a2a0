import type { ReactNode } from "react";

/**
 * ADR 257: a signed-in screen fills the viewport below the top bar (4rem) while its session and
 * data load, so the footer starts below the fold and the screen growing never moves it in view.
 * Used by the account and operator layouts, so the public pages carry none of it (outside the
 * app-shell chunk of vite.config.ts).
 */
export function SignedInScreen({ children }: { children: ReactNode }) {
  return <div className="min-h-[calc(100svh-4rem)]">{children}</div>;
}
