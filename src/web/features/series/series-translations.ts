import { registerTranslations } from "../../lib/i18n.ts";

// docs/series.md: the customer's recurring series — booking one, its occurrences, and changing
// "this", "this and the following" or "all remaining" — in English (Swedish in its own module, ADR 210).

export const english = {
  heading: "SERIES",
  intro:
    "Book the same protection again and again. Every occurrence is a booking of its own, confirmed, paid and refundable by the same rules.",
  loading: "Loading series…",
  loadFailed: "Failed to load your series",
  retry: "Try again",
  empty: "No series yet",
  newHeading: "Book a series",
  service: "Residential protection, day and night",
  location: "Location",
  guards: "Guards",
  frequency: "Repeats",
  weekly: "Weekly",
  monthly: "Monthly",
  interval: "Every how many weeks or months",
  weekdays: "On these days",
  monthDay: "Day of the month",
  firstDay: "From",
  end: "Ends",
  endCount: "After a number of occurrences",
  endUntil: "On a date",
  count: "Occurrences",
  until: "Last day",
  days: "Days each occurrence lasts",
  startTime: "Start time (Stockholm)",
  endTime: "End time (Stockholm)",
  card: "Card",
  noCard: "Add a card under Profile first: a series is paid by card.",
  consent: "Save my card and charge each occurrence when it is confirmed, if it starts later than a card hold can last.",
  submit: "Book the series",
  booked: "Series requested. We have sent you one e-mail with the whole series for your calendar.",
  bookFailed: "The series could not be booked",
  open: "Open series {{reference}}",
  summary: "{{count}} occurrences from {{first}}",
  confirmed: "Confirmed by Nordic Shield",
  awaiting: "Awaiting confirmation",
  back: "All series",
  notFound: "Series not found",
  occurrences: "Occurrences",
  occurrence: {
    when: "{{days}}",
    times: "{{start}}–{{end}} Stockholm time",
    hours: "{{hours}} hours",
    hoursChanged: "{{hours}} hours (the clocks change that night)",
    notBooked: "Booked when it comes within 90 days",
    cancelled: "Cancelled",
    move: "Move",
    cancel: "Cancel",
  },
  status: {
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
  },
  scope: {
    legend: "Which occurrences",
    this: "This occurrence",
    following: "This and the following",
    remaining: "All remaining",
  },
  moveTitle: "Move {{day}}",
  moveDay: "New first day",
  moveSubmit: "Move",
  cancelTitle: "Cancel {{day}}",
  cancelBody: "Each occurrence cancelled more than 2 days before its start is refunded in full; later, it is not refundable.",
  cancelSubmit: "Cancel occurrences",
  keep: "Keep",
  changed: "Done. We have sent you one e-mail with the updated series.",
  changeFailed: "The series could not be changed",
  // The console's panel on an occurrence's booking (ADR 284).
  console: {
    heading: "Series {{reference}}",
    summary: "Occurrence {{position}} of {{count}}; {{pending}} waiting for confirmation.",
    confirm: "Confirm the whole series",
    confirmed: "The series is confirmed; the customer has one e-mail with the whole series.",
    assign: "Offer every coming occurrence to this booking's team",
    assigned: "Offered for {{count}} occurrences.",
    refused: "Not offered on {{days}}: {{reason}}",
    failed: "The series could not be changed",
  },
  // The shared schema's messages this form can meet (ADR 027).
  validation: {
    locationRequired: "Enter location",
    locationLong: "Please keep the location under 200 characters",
    startDateRequired: "Select a date",
    timeFormat: "Enter a time as HH:MM",
    timesOutsideBand: "These times fall outside the time of day you chose.",
    timesLongerThanHours: "These times last longer than the hours per day you chose. Shorten them or choose more hours.",
  },
};

export const seriesNamespace = "series";

registerTranslations(seriesNamespace, {
  en: english,
  sv: () => import("./series-sv.ts").then((module) => module.swedish),
});

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    series: typeof english;
  }
}
