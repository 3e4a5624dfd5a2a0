import { SeriesPage } from "../features/series/series-page.tsx";

// docs/series.md: the customer's recurring series and the form that books one.
export default function CustomerDashboardSeries() {
  return <SeriesPage />;
}
