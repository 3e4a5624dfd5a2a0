import { buyerVatTexts } from "../../../shared/buyer-vat-texts.ts";
import { registerTranslations } from "../../lib/i18n.ts";
import { bookingStatusTexts } from "../../../shared/status-texts.ts";

// docs/product.md §2 BOOKINGS, §4 status display, §8 'Failed to load bookings', §9 filter windows and refund
// rule: the bookings page and the booking detail page, in English (Swedish in its own module, ADR 210).

export const english = {
  // ADR 246: the VAT words of a price, by the buyer (src/shared/buyer-vat.ts `priceNoteOf`).
  priceVat: buyerVatTexts,
  heading: "BOOKINGS",
  filter: {
    button: "Filter",
    label: "Filter past bookings: {{current}}",
    week: "Past week",
    month: "Past month",
    year: "Past year",
    all: "All",
  },
  upcoming: "UPCOMING",
  cancelledSection: "Cancelled or declined",
  past: "Past",
  loading: "Loading bookings…",
  loadFailed: "Failed to load bookings",
  emptyUpcoming: "No bookings found",
  emptyUpcomingBody: "When you book protection, your upcoming assignments appear here.",
  makeFirst: "Make your first booking",
  emptyPast: "No past bookings found",
  duration: "Duration: {{count}} days",
  status: { ...bookingStatusTexts, other: "Unknown" },
  paymentNeeded: {
    title: "Payment needed",
    charging: "We are charging your card now.",
    body: "We have accepted your booking, but your bank did not let us charge {{amount}}. It is confirmed once the payment goes through.",
    deadline: "Please pay before {{deadline}}, or we may cancel the booking.",
    card: "Pay with",
    sameCard: "complete your bank's check",
    check: "Complete the bank's check",
    pay: "Pay with this card",
    addCard: "Add another card",
    refused: "Your bank refused this card. Please choose another card.",
    done: "Thank you — your booking is confirmed.",
    failed: "The payment could not be made",
    invoice: "Pay by invoice instead",
    invoiceNote:
      "Your company is approved for invoice payment: choose it and we confirm the booking at once and send the invoice, due in {{days}} days.",
    invoiceDone: "Paid by invoice — your booking is confirmed.",
    invoiceFailed: "Invoice payment could not be chosen",
    underWay:
      "Your bank did not let us charge your card for this booking, which is under way and goes on as planned. Please settle the payment with us before {{deadline}}: reply to our mail or call us, and we help you pay by another card or by invoice.",
  },
  statusLabel: "Status",
  guards: "Guards",
  time: "Time",
  style: "Style",
  vehicle: "Vehicle",
  durationPerDay: "Duration per day",
  hours: "{{count}} hours",
  timeOfDay: { day: "DAY", night: "NIGHT", day_night: "DAY & NIGHT" },
  vehicleValue: { with_car: "WITH CAR", without_car: "WITHOUT CAR" },
  styles: { Casual: "Casual", Formal: "Formal" },
  guardNotice: "Contact your guard 24 hours before the service start time",
  leadGuard: "Your lead guard: {{name}}",
  viewDetails: "View Details",
  viewDetailsLabel: "View details of the booking in {{location}} on {{date}}",
  pastBadge: "Past",
  detail: {
    back: "Back to bookings",
    loading: "Loading booking…",
    notFound: "Booking not found",
    notFoundBody: "This booking does not exist or belongs to another account.",
    viewMine: "VIEW MY BOOKINGS",
    reference: "Reference",
    dates: "Dates",
    days_one: "{{count}} day",
    days_other: "{{count}} days",
    location: "Location",
    guards: "Guards",
    guardCount_one: "{{count}} guard",
    guardCount_other: "{{count}} guards",
    services: "Services",
    perDay: "{{price}} per day",
    serviceTotal: "Total for this service",
    // docs/money.md: a total set by hand (an approved change of quote) is a line of its own under the services.
    adjustment: "Agreed price adjustment",
    adjustmentNote: "{{amount}} on the services' prices above, so they add up to the total",
    note: "Your note",
    createdAt: "Booked on",
    cancelledAt: "Cancelled on",
    operatorNote: "Note from Nordic Shield",
    declineReason: "Why we could not take this booking",
    payment: "Payment",
    approve: "Approve the new total",
    approveHint: "We confirmed your booking at a higher total. Approve it and we charge the difference to the same card.",
    approved: "Thank you — the difference is being charged.",
    approveFailed: "The new total could not be approved",
    cancel: "Cancel booking",
    cancelTitle: "Cancel this booking?",
    refundable: "Fully refundable: you can cancel free of charge until {{deadline}} (Stockholm time).",
    nonRefundable: "Non-refundable booking: the start is less than 2 days away, so the quoted total of {{total}} remains payable.",
    cancelQuestion: "The booking will be cancelled and you will receive a confirmation e-mail.",
    keep: "Keep booking",
    confirmCancel: "Yes, cancel booking",
    cancelled: "Booking cancelled",
    cancelledBody: "We have sent you a confirmation e-mail.",
    cancelFailed: "Failed to cancel booking",
  },
};

export const customerBookingsNamespace = "customerBookings";

registerTranslations(customerBookingsNamespace, {
  en: english,
  sv: () => import("./customer-bookings-sv.ts").then((module) => module.swedish),
});

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    customerBookings: typeof english;
  }
}
