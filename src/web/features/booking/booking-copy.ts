import { buyerVatTexts } from "../../../shared/buyer-vat-texts.ts";
import { bookingOptionTexts } from "../../../shared/booking-option-texts.ts";
import { bookingValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// Copy of /secure-booking and /confirmation (namespace `booking`, ADR 003). Wording of titles,
// toasts and validation messages follows docs/product.md §2, §5 and §8. `validation` also holds the texts of
// the shared booking schema's messages, which are translation keys (ADR 027); their English is the
// server's, from src/shared/validation-messages.ts.

export const english = {
  // ADR 246: the VAT words of a price, by the buyer (src/shared/buyer-vat.ts `priceNoteOf`).
  priceVat: buyerVatTexts,
  meta: {
    bookingTitle: "Secure booking | Nordic Shield",
    confirmationTitle: "Booking request received | Nordic Shield",
  },
  panel: {
    title: "SECURE BOOKING",
    intro: "Where and when do you need protection?",
    location: "Location",
    dates: "Dates",
    update: "Update",
    selectDates: "Select dates",
    selectEndDate: "Select end date",
    updated: "Search updated",
    pending: "Choose the last day to apply your new dates.",
    rangeTooLong: "One booking can cover at most 365 days. Please choose a shorter period.",
  },
  heading_one: "{{location}}, {{count}} DAY",
  heading_other: "{{location}}, {{count}} DAYS",
  headingNoLocation_one: "Choose a location, {{count}} DAY",
  headingNoLocation_other: "Choose a location, {{count}} DAYS",
  dateSummary: "{{start}} – {{end}}",
  noDatesChosen: "No dates chosen yet: priced for one day",
  selectedServices: "Your Services",
  availableServices: "Available Services",
  otherServices: "Other Available Services",
  chooseHint: "Select one or more services, set their options and book. A senior consultant confirms every booking within 24 hours.",
  card: {
    select: "Select",
    selected: "Selected",
    remove: "Remove",
    selectLabel: "Select {{title}}",
    removeLabel: "Remove {{title}}",
    perDay: "/day",
    hours: "{{count}} h",
    withCar: "with car",
    unitTimeOfDay: { day: "daytime", night: "night", day_night: "day & night" },
    priceForDays_one: "{{total}} for {{count}} day",
    priceForDays_other: "{{total}} for {{count}} days",
    dailyPrice: "{{price}} per day",
  },
  options: {
    // ADR 209: the option values' words, shared with the confirmation mail.
    ...bookingOptionTexts,
    timeOfDay: "Time of day",
    guards: "Guards",
    "6h": "6 hrs",
    "12h": "12 hrs",
    "18h": "18 hrs",
    "24h": "24 hrs",
    days: "Days",
    duration: "Duration per day",
    style: "Style",
    car: "Vehicle",
    carClass: "Car class",
    noCarClass: "Standard car",
    carClassFee: "{{label}} · + {{price}}/day",
    decreaseGuards: "Fewer guards for {{title}}",
    increaseGuards: "More guards for {{title}}",
    readOnlyNote: "Set by your dates",
    guardRange: "{{min}} to {{max}} guards",
  },
  summary: {
    title: "Selected services",
    empty: "No services selected yet.",
    perDay: "{{price}} per day",
  },
  payments: {
    title: "Accepted payment methods",
    label: "Visa, Mastercard, American Express and Discover accepted",
  },
  total: {
    label: "TOTAL",
    amount: "TOTAL {{amount}}",
    forDays_one: "For {{count}} day",
    forDays_other: "For {{count}} days",
    fullyRefundable: "Fully refundable",
    nonRefundable: "Non-refundable booking",
    refundHint: "Free cancellation until two days before the start date.",
    bookNow: "Book now",
    booking: "Booking…",
    confirmNote:
      "Within 7 days of the start the total is reserved on your card now and charged only when we confirm; later bookings are charged on confirmation. A senior consultant confirms within 24 hours.",
  },
  engagement: {
    title: "When and where",
    intro: "Optional: the coordinator can also agree the times with you. Times are Stockholm time.",
    startTime: "Start time on the first day",
    endTime: "End time on the last day",
    endsNextMorning: "Ends the next morning",
    timesHint: "Day covers 06:00–22:00, Night 18:00–08:00; the times must fit the hours per day you chose.",
    meetingPoint: "Meeting or pick-up point",
    meetingPointHint: "For example a hotel entrance or an arrival gate",
    note: "Note to the team",
    noteHint: "Up to 1,000 characters. Only the coordinators and your assigned team read it.",
    noteCount: "{{length}} / 1,000",
    whoTitle: "Who is protected?",
    forMe: "Me",
    forSomeoneElse: "Someone else",
    codename: "Codename",
    codenameHint: "Shown in schedules, mails and calendars instead of the name.",
    principalName: "Real name (optional)",
    principalNameHint: "Seen only by the coordinators and the team assigned to this booking.",
    principalPhone: "Their phone",
    directContact: "The team may contact them directly",
  },

  validation: {
    selectService: "Select a service",
    enterLocation: "Enter location",
    selectDate: "Select a date",
    ...validationTexts(bookingValidationMessages),
  },
  paymentErrors: {
    cardNotInWallet: "This card is no longer in your wallet. Please choose another card.",
    startAgain: "This payment was started with another card or total, so nothing was charged now. Please press Book and pay again.",
  },
  toasts: {
    servicesFailed: "Failed to load services. Please try again.",
    retry: "Try again",
    confirmedTitle: "Booking request received",
    confirmedBody: "We confirm it within 24 hours. The details are in your inbox.",
    processingTitle: "⚠ Error Processing Booking",
    processingBody: "Please try again or contact support",
    attemptFailedTitle: "Error",
    attemptFailedBody: "Booking attempt has failed. Please try again.",
    signInAgain: "Your session has ended. Please sign in to finish your booking.",
    checkFields: "Please check your booking details",
    selectionErrorTitle: "Service Selection Error",
    selectionErrorBody: "Could not retrieve selected services. Please try again.",
  },
  loadingServices: "Loading services…",
  servicesError: "We could not load the services.",
  confirmation: {
    loading: "Loading your booking…",
    noneTitle: "No booking details found",
    noneBody: "Please start a new booking",
    startNew: "Start New Booking",
    missingLocationTitle: "Missing location",
    missingLocationBody: "Please go back and enter a location for your booking",
    title: {
      pending: "Booking request received",
      confirmed: "Booking confirmed",
      cancelled: "Booking cancelled",
    },
    thanks: {
      pending:
        "Thank you. Your booking is not confirmed yet: a senior consultant reviews it and confirms it within 24 hours. We have e-mailed you the details of your request, and we e-mail you again once it is confirmed.",
      confirmed: "Thank you for your booking. It is confirmed, and the details are in your inbox.",
      cancelled: "This booking is cancelled. Nothing is charged for it.",
    },
    details: "Booking details",
    reference: "Reference",
    status: "Status",
    statusValue: {
      pending: "Pending confirmation",
      payment_needed: "Payment needed",
      confirmed: "Confirmed",
      in_progress: "In progress",
      completed: "Completed",
      declined: "Declined",
      cancelled: "Cancelled",
      cancelled_by_customer: "Cancelled",
      cancelled_by_operator: "Cancelled by Nordic Shield",
      awaiting_company_approval: "Awaiting company approval",
      declined_by_company: "Declined by the company",
    },
    location: "Location",
    date: "Date",
    dateNotSpecified: "Date not specified",
    services: "Services",
    quantity_one: "{{count}} guard",
    quantity_other: "{{count}} guards",
    payableAfterConfirmation: "Payable after we confirm your booking. Nothing has been charged.",
    forDays_one: "For {{count}} day",
    forDays_other: "For {{count}} days",
    returnHome: "Return to Home",
    notFoundTitle: "Booking not found",
    notFoundBody: "We could not find this booking in your account. Check the link, or sign in with the account that made the booking.",
    loadFailedTitle: "We could not load this booking",
    loadFailedBody: "Please check your connection and try again.",
    tryAgain: "Try again",
    viewBookings: "View my bookings",
    viewBooking: "View this booking",
    signInTitle: "Sign in to see this booking",
    signInBody: "This booking belongs to an account. Sign in with that account to see its details.",
    signIn: "Sign in",
    bookedBy: "Booked by",
  },
};

export const bookingNamespace = "booking";

registerTranslations(bookingNamespace, { en: english, sv: () => import("./booking-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    booking: typeof english;
  }
}
