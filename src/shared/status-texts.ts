// ADR 209: the words for a booking's, a payment's and an accounting document's status, one text for
// the customer's screens (the customer-bookings, payments and invoices catalogues spread them) and
// the data export (docs/data-export.md), so the export names a state as the customer saw it.
// English here; the Swedish is a module of its own (status-texts-sv.ts) so that the screens' Swedish
// stays in their own chunks (ADR 204).

export const bookingStatusTexts = {
  pending: "Pending",
  payment_needed: "Payment needed",
  confirmed: "Confirmed",
  in_progress: "In progress",
  completed: "Completed",
  declined: "Declined",
  cancelled_by_customer: "Cancelled",
  cancelled_by_operator: "Cancelled by Nordic Shield",
  awaiting_company_approval: "Awaiting company approval",
  declined_by_company: "Declined by the company",
};

export const paymentStatusTexts = {
  none: "None",
  authorised: "Authorised",
  card_saved: "Card saved",
  paid: "Paid",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
  released: "Released",
  failed: "Failed",
};

export const invoiceStatusTexts = {
  unpaid: "Unpaid",
  paid: "Paid",
  "partly-paid": "Partly paid",
  overpaid: "Overpaid",
  credited: "Credited",
  settled: "Settled",
};
