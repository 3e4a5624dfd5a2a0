import { registerTranslations } from "../../lib/i18n.ts";
import { paymentStatusTexts } from "../../../shared/status-texts.ts";

// docs/payments.md "Operator": the console's money screens (ADR 190), in English (Swedish in its own module, ADR 210).

export const english = {
  ledger: {
    heading: "Payment and ledger",
    loading: "Loading the ledger…",
    loadFailed: "Failed to load the ledger",
    none: "No card payment on this booking.",
    charged: "Charged (captured − refunded): {{amount}}",
    payment: "{{purpose}} · {{provider}} · {{amount}}",
    providers: { simulated: "Simulated processor", stripe: "Stripe" },
    holdExpires: "Hold expires {{time}}",
    caption: "Ledger of {{purpose}}",
    time: "Time",
    event: "Event",
    amount: "Amount",
    reason: "Reason",
    actor: "By",
    noEvents: "Nothing recorded yet: the provider call is queued.",
    purposes: { hold: "Hold", charge_on_confirmation: "Charge on confirmation", difference: "Approved difference" },
    events: { authorised: "Authorised", captured: "Captured", voided: "Released", refunded: "Refunded", failed: "Failed" },
    actors: { customer: "Customer", operator: "Operator", admin: "Admin", system: "System", provider: "Provider" },
    states: { open: "Open", authorised: "Authorised", captured: "Captured", voided: "Released", failed: "Failed" },
  },
  refund: {
    heading: "Refund",
    intro: "At most {{amount}} can be refunded. The customer gets a credit note by e-mail.",
    nothing: "Nothing is left to refund.",
    amount: "Amount (€)",
    amountHint: "For example 25 or 25.50",
    reason: "Reason (the customer sees it on the credit note)",
    submit: "Refund",
    confirmTitle: "Refund {{amount}}?",
    confirmBody: "The money goes back to the customer's card and a credit note is issued. This cannot be undone.",
    cancel: "Cancel",
    queued: "Refund of {{amount}} sent to the provider",
    failed: "The refund was not made",
    amountInvalid: "Enter an amount in euros, at most two decimals",
    amountTooLarge: "At most {{amount}} can be refunded",
    reasonShort: "Give a reason of at least 3 characters",
    reasonLong: "At most 500 characters",
  },
  list: {
    title: "Payments",
    intro: "Bookings with a card payment, newest first. Credit notes and receipts are on each booking.",
    status: "Payment status",
    allStatuses: "All",
    from: "Start from",
    to: "Start to",
    holdsExpiring: "Only holds that expire before the 24-hour reply is due",
    caption: "Payments",
    booking: "Booking",
    customer: "Customer",
    start: "Start",
    total: "Total",
    money: "Money",
    holdExpires: "Hold expires",
    empty: "No payments match these filters.",
    loadFailed: "Failed to load the payments",
    exports: "Export the period",
    exportsHint: "Invoices, receipts, credit notes, bank and card payments of the days from–to.",
    exportCsv: "CSV",
    exportSie: "SIE 4 (accounting)",
    statuses: paymentStatusTexts,
  },
};

export const paymentsNamespace = "payments";
registerTranslations(paymentsNamespace, { en: english, sv: () => import("./payments-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    payments: typeof english;
  }
}
