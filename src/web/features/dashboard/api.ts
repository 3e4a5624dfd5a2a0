import { queryOptions } from "@tanstack/react-query";
import type { AccountProfile } from "../../../shared/account.ts";
import { apiRequest } from "../../lib/api-client.ts";

// The account area's server calls (ADR 025). A 401 ends the session in the query cache and the
// account layout sends the visitor to sign in; other failures are shown in the panel itself.

/** GET /api/account/profile (docs/product.md §3 profiles). */
export const profileQuery = queryOptions({
  queryKey: ["account", "profile"],
  queryFn: () => apiRequest<AccountProfile>("/api/account/profile"),
  meta: { inlineErrors: true },
});
