import type { ApiErrorCode } from "../../shared/api-errors.ts";
import type { ApiError } from "./api-client.ts";
import type { QualifiedTranslationKey, TranslationKey } from "./i18n.ts";

/** A shared key (`errors.title`) or a feature's, written `namespace:key` (ADR 203). */
export type ErrorTitleKey = TranslationKey | QualifiedTranslationKey;

// The `meta` a query or mutation may carry to tell query-client.ts's one error handler how the
// screen deals with a failure (ADR 025). Types only: nothing here reaches the public pages' bundle.

export type ApiErrorMeta = {
  /**
   * Failures the screen shows itself, so no toast: `true` for all, a list of codes, or a test.
   * A 401 still ends the session.
   */
  inlineErrors?: true | readonly ApiErrorCode[] | ((error: ApiError) => boolean);
  /** Translation key (`namespace:key`) of the toast's title, or one per failure; the generic title otherwise. */
  errorTitleKey?: ErrorTitleKey | ((error: ApiError) => ErrorTitleKey);
  /** How long the toast stays, when the product reference says (docs/product.md §9: password toasts last 3 seconds). */
  errorToastDuration?: number;
  /** The failure in the screen's own words (e.g. the accounts feature's wording per code). */
  describe?: (error: ApiError) => string | undefined;
  /** The screen handles an expired session itself (the booking page opens the sign-in dialog). */
  handlesUnauthorized?: boolean;
};

declare module "@tanstack/react-query" {
  // Module augmentation is the documented way to type `meta` and errors (TanStack Query v5, TypeScript guide).
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: ApiErrorMeta;
    mutationMeta: ApiErrorMeta;
  }
}
