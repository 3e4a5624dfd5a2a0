import { useParams } from "react-router";
import { SeriesDetailPage } from "../features/series/series-detail-page.tsx";

// docs/series.md: one series, its occurrences and their changes (ADR 281).
export default function CustomerDashboardSeriesDetail() {
  const { id = "" } = useParams();
  return <SeriesDetailPage key={id} id={id} />;
}
