import { IdReview } from "../features/operator/id-review.tsx";

export default function OperatorIdDocuments() {
  return <IdReview />;
}
