import { QueryClient } from "@tanstack/react-query";

// SPEC §9: query cache fresh for 5 minutes with 1 retry. Loaded on demand by app-providers.tsx
// (ADR 022), so the public pages do not download TanStack Query's core.
export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } } });
}
