import type { MutationOptions, QueryClient } from "@tanstack/react-query";

// ADR 022 and ADR 025: the QueryClient (TanStack Query's core) is loaded on demand, the first time
// a screen outside the public pages renders or a public page sends something. A public page's
// form (the affiliate application) cannot use useMutation, since no client is provided there on
// first paint; it runs its mutation through runMutation, which loads the client and goes through
// the same MutationCache, so the one error handler of query-client.ts applies all the same.

let clientPromise: Promise<QueryClient> | undefined;
let loadedClient: QueryClient | undefined;

export function loadQueryClient(): Promise<QueryClient> {
  clientPromise ??= import("./query-client.ts").then(({ createQueryClient }) => {
    loadedClient = createQueryClient();
    return loadedClient;
  });
  return clientPromise;
}

/** The client when already loaded (it stays for the whole visit once loaded). */
export function queryClientIfLoaded(): QueryClient | undefined {
  return loadedClient;
}

/** Runs one mutation without a React provider (what useMutation's mutate does, minus the component state). */
export async function runMutation<Result, Variables>(
  options: MutationOptions<Result, Error, Variables>,
  variables: Variables,
): Promise<Result> {
  const client = await loadQueryClient();
  return client.getMutationCache().build(client, options).execute(variables);
}
