import { queryOptions } from "@tanstack/react-query";
import type { InsightsReport } from "../../../shared/insights.ts";
import { apiRequest } from "../../lib/api-client.ts";

// The insights page's one server call (docs/insights.md). Failures become the query client's
// toast (ADR 025); the page shows its own loading and error states.

/** The last `days` days (today as the server counts it), or a range of days. */
export type InsightsPeriodChoice = { days: number } | { from: string; to: string };

export function periodSearch(choice: InsightsPeriodChoice): string {
  return new URLSearchParams("days" in choice ? { days: String(choice.days) } : choice).toString();
}

export const insightsQuery = (choice: InsightsPeriodChoice) =>
  queryOptions({
    queryKey: ["admin", "insights", choice],
    queryFn: () => apiRequest<InsightsReport>(`/api/admin/insights?${periodSearch(choice)}`),
    // Figures of a past period do not change by the minute; the waiting list is refreshed on focus.
    staleTime: 60_000,
  });
