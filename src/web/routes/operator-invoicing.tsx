import { OperatorInvoicing } from "../features/invoices/operator-invoicing.tsx";

// docs/invoices.md: companies to approve, the bank's BgMax file, documents and the export.
export default function OperatorInvoicingRoute() {
  return <OperatorInvoicing />;
}
