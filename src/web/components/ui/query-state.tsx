import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { describeApiError } from "../../lib/query-client.ts";
import { Button } from "./button.tsx";
import { Notice } from "./notice.tsx";

// ADR 260: the one ladder of a screen's data: while it loads, the screen's holding layout (ADR 257:
// skeletons of the final shape, so a signed-in screen does not jump); when it failed, an alert in
// the visitor's words (the client's one place for error words, ADR 205) with a button that asks
// again (only when there is nothing to show yet); when it holds nothing, the screen's empty state;
// otherwise the screen itself.

/** What QueryState reads of a TanStack Query result (a plain or an infinite query). */
export type QueryResultLike<Data> = {
  status: "pending" | "error" | "success";
  data: Data | undefined;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

export type QueryStateProps<Data> = {
  query: QueryResultLike<Data>;
  /** The holding layout (skeletons, a spinner). Decorative: the container announces `loadingLabel`. */
  loading: ReactNode;
  /** Read to screen readers while it loads (WCAG 4.1.3 status messages); left out when `loading` shows its own words. */
  loadingLabel?: string;
  loadingClassName?: string;
  loadingTestId?: string;
  /**
   * The failure: left out, an alert titled `errorTitle` (or the error in the visitor's words) with a
   * retry button; a function for a screen that words a failure itself; `null` for a failure the
   * query client's toast already reports (ADR 025).
   */
  error?: ((error: Error, retry: () => void) => ReactNode) | null;
  errorTitle?: string;
  errorClassName?: string;
  errorTestId?: string;
  /** Whether the data holds nothing to show; `empty` is shown then. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
};

export function QueryState<Data>({
  query,
  loading,
  loadingLabel,
  loadingClassName,
  loadingTestId,
  error,
  errorTitle,
  errorClassName,
  errorTestId,
  isEmpty,
  empty,
  children,
}: QueryStateProps<Data>) {
  if (query.status === "pending") {
    return (
      <div role="status" aria-live="polite" className={loadingClassName} data-testid={loadingTestId}>
        {loadingLabel && <span className="sr-only">{loadingLabel}</span>}
        {loading}
      </div>
    );
  }
  // A failed refresh of data already on screen keeps the data (the query client's toast says the
  // refresh failed): the screen does not empty itself under the reader because a reload did not come.
  if (query.status === "error" && query.data === undefined) {
    const retry = () => void query.refetch();
    if (error === null) return null;
    if (error) return error(query.error ?? new Error("query failed"), retry);
    return <QueryError error={query.error} title={errorTitle} onRetry={retry} className={errorClassName} testId={errorTestId} />;
  }
  const data = query.data as Data;
  if (isEmpty?.(data)) return empty ?? null;
  return children(data);
}

/** QueryState's failure, for a screen that words one failure itself and leaves the others to it. */
export function QueryError({
  error,
  title,
  onRetry,
  className,
  testId,
}: {
  error: Error | null;
  title?: string;
  onRetry: () => void;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const notice = (
    <Notice tone="error" title={title ?? describeApiError(error)} testId={testId}>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("errors.retry")}
      </Button>
    </Notice>
  );
  return className ? <div className={className}>{notice}</div> : notice;
}
