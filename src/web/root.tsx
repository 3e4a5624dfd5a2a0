import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, type LinksFunction } from "react-router";
import "./app.css";
import { buttonClassName } from "./components/ui/button.tsx";
import { Notice } from "./components/ui/notice.tsx";
import { Spinner } from "./components/ui/spinner.tsx";
import { AppProviders } from "./lib/app-providers.tsx";
import { changeLanguage, i18n, storedLanguage } from "./lib/i18n.ts";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
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

export default function App() {
  // ADR 003: the HTML is English; a remembered Swedish choice is applied once hydrated.
  useEffect(() => {
    const language = storedLanguage();
    if (language !== i18n.language) void changeLanguage(language);
  }, []);
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-ink" role="status" aria-live="polite">
      <Spinner className="h-10 w-10 text-gold" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="container-page py-24">
      <h1 className="text-3xl">{title}</h1>
      <div className="mt-6 max-w-xl">
        <Notice tone="error" title="This page could not be shown.">
          <p>Please reload the page. If it keeps happening, contact support.</p>
        </Notice>
      </div>
      {/* A full page load, not a router link: the router that failed may not recover in place. */}
      <a className={buttonClassName({ variant: "secondary", className: "mt-8" })} href="/">
        Go to Homepage
      </a>
    </main>
  );
}
