import { QueryClientContext } from "@tanstack/react-query";
import { use, useEffect, type ReactNode } from "react";
import { useMatches } from "react-router";
import { Toaster } from "sonner";
import { useTranslation } from "./i18n.ts";
import { sectionLayoutIds } from "../../shared/site-sections.ts";
import { loadQueryClient, queryClientIfLoaded } from "./query-on-demand.ts";

// docs/product.md §9: toasts last 5 s by default; the query cache defaults live in query-client.ts.
//
// ADR 022: the prerendered public pages use neither TanStack Query nor toasts on first paint, so
// both load on demand: `sonner` through the deferred shim (vite.config.ts), and the QueryClient the
// first time a screen outside the public section's layout renders (ADR 026). Screens using
// useQuery get the same client and defaults as before; React keeps the previous screen on view
// while the client loads.
function QueryLayer({ children }: { children: ReactNode }) {
  const isPublicPage = useMatches().some((match) => match.id === sectionLayoutIds.public);
  const needed = queryClientIfLoaded() !== undefined || !isPublicPage;
  const client = needed ? use(loadQueryClient()) : undefined;
  // What QueryClientProvider does on mount: focus/online listeners for refetch and paused mutations.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // sonner's own region and close-button names are English; give them the page's language.
  const { t } = useTranslation();
  return (
    <QueryLayer>
      {children}
      <Toaster
        position="top-center"
        richColors
        closeButton
        duration={5000}
        visibleToasts={4}
        containerAriaLabel={t("toasts.region")}
        toastOptions={{ closeButtonAriaLabel: t("toasts.close") }}
      />
    </QueryLayer>
  );
}
