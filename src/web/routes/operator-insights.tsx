import { InsightsPage } from "../features/insights/insights-page.tsx";

export default function OperatorInsights() {
  return <InsightsPage />;
}
