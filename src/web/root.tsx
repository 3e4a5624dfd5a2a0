import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, type LinksFunction } from "react-router";
import "./app.css";
import { buttonClassName } from "./components/ui/button.tsx";
import { Notice } from "./components/ui/notice.tsx";
import { Spinner } from "./components/ui/spinner.tsx";
import { AppProviders } from "./lib/app-providers.tsx";
import { earlySubmitGuardScript } from "./lib/early-submit-guard.ts";
import { changeLanguage, i18n, rememberedLanguageScript, storedLanguage, useTranslation } from "./lib/i18n.ts";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  // ADR 003: re-rendered when the language changes, so <Meta /> asks the routes for their titles
  // again and the browser tab follows the page's language. ADR 256: the server chose the language
  // of the HTML, so `lang` is right from the first byte.
  const { i18n: translation } = useTranslation();
  return (
    <html lang={translation.language}>
      <head>
        <meta charSet="utf-8" />
        {/* Before anything paints: a choice remembered the old way moves into the cookie (ADR 256). */}
        <script dangerouslySetInnerHTML={{ __html: rememberedLanguageScript }} />
        {/* Before hydration: Enter in a prerendered form must not reload the page with its fields in the address. */}
        <script dangerouslySetInnerHTML={{ __html: earlySubmitGuardScript }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b0c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * ADR 256: the server sends the HTML in the remembered language, and the client hydrates in the
 * language of that HTML; only a page that came in another language (an HTML the server could not
 * choose, e.g. from a cache that ignored Vary) is switched once hydrated. Used by whichever root
 * screen is mounted: the app, its loading screen or its error screen.
 */
function useRememberedLanguage() {
  const { t } = useTranslation();
  useEffect(() => {
    const language = storedLanguage();
    if (language !== i18n.language) void changeLanguage(language);
  }, []);
  return t;
}

export default function App() {
  useRememberedLanguage();
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

export function HydrateFallback() {
  const t = useRememberedLanguage();
  return (
    <div className="flex min-h-screen items-center justify-center bg-ink" role="status" aria-live="polite">
      <Spinner className="h-10 w-10 text-gold" />
      <span className="sr-only">{t("loading")}</span>
    </div>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const t = useRememberedLanguage();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t("errors.title");
  return (
    <main className="container-page py-24">
      <h1 className="text-3xl">{title}</h1>
      <div className="mt-6 max-w-xl">
        <Notice tone="error" title={t("errors.pageNotShown")}>
          <p>{t("errors.reload")}</p>
        </Notice>
      </div>
      {/* A full page load, not a router link: the router that failed may not recover in place. */}
      <a className={buttonClassName({ variant: "secondary", className: "mt-8" })} href="/">
        {t("actions.goHome")}
      </a>
    </main>
  );
}
