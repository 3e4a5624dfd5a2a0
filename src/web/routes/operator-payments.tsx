import { PaymentsList } from "../features/payments/payments-list.tsx";

// docs/payments.md "Operator": the payments list with its filters and the period's exports.
export default function OperatorPaymentsRoute() {
  return <PaymentsList />;
}
