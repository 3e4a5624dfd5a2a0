import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Toaster } from "sonner";
import { i18next } from "./i18n.ts";

// SPEC §9: query cache fresh for 5 minutes with 1 retry; toasts last 5 s by default.
function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } } });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position="top-center" richColors closeButton duration={5000} visibleToasts={4} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
