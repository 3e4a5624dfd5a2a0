import { companyValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// docs/companies.md: the company page (members, policy, approvals, bookings, spend and invoices), in
// English; Swedish in its own chunk (ADR 210).

export const english = {
  heading: "COMPANY",
  intro: "Book for your company, approve its bookings and follow its spend.",
  loading: "Loading the company...",
  loadFailed: "Failed to load the company",
  failed: "The company could not be changed",
  retry: "Try again",
  none: "You are not a member of a company. When your company's business account is approved, or a company invites you, it appears here.",
  choose: "Company",
  yourRole: "Your role: {{role}}",
  roles: { owner: "Owner", administrator: "Administrator", booker: "Booker", approver: "Approver" },
  invitations: {
    title: "Invitations",
    body: "{{company}} invites you as {{role}}.",
    accept: "Accept invitation",
    accepted: "You joined {{company}}",
  },
  approvals: {
    title: "Awaiting your approval",
    empty: "No booking waits for your approval.",
    approve: "Approve",
    decline: "Decline",
    approved: "Approved: the booking is sent to Nordic Shield",
    declined: "Declined: the booker is told",
    declineTitle: "Decline this booking",
    declineDescription: "The booker is told, with your reason. The booking does not reach Nordic Shield.",
    reason: "Reason",
    reasonRequired: "Please give a reason",
    cancel: "Cancel",
    reasons: {
      always: "every booking",
      above_amount: "above the amount",
      service: "this service",
      outside_office_hours: "outside office hours",
    },
    because: "Needs approval: {{reasons}}",
  },
  bookings: {
    title: "Bookings",
    empty: "No bookings match.",
    booker: "Booker",
    costCentre: "Cost centre",
    principal: "Principal",
    status: "Status",
    all: "All",
    reference: "Reference",
    poReference: "PO / reference",
    total: "Total",
    dates: "Dates",
    place: "Place",
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
  members: {
    title: "Members",
    invite: "Invite a member",
    email: "E-mail",
    role: "Role",
    send: "Send invitation",
    invited: "Invitation sent to {{email}}",
    pending: "Invited, not yet accepted: {{email}} ({{role}})",
    remove: "Remove",
    removeTitle: "Remove {{name}}?",
    removeBody: "{{name}} loses access to the company at once.",
    removed: "{{name}} was removed",
    changed: "Role changed",
  },
  delegation: {
    title: "Delegate your approvals",
    to: "Delegate to",
    until: "Until (inclusive)",
    save: "Delegate",
    current: "Delegated until {{date}}",
    saved: "Your approvals are delegated",
  },
  policy: {
    title: "Booking policy",
    costCentres: "Cost centres",
    costCentresHint: "One per line",
    requiresCostCentre: "A booking must carry a cost centre",
    requiresReference: "A booking must carry a reference or PO number",
    sharesAll: "Every member sees all the company's bookings",
    approvalTitle: "When a booking needs the company's approval",
    always: "Always",
    aboveAmount: "Above this amount (EUR)",
    aboveAmountHint: "Empty: no limit",
    outsideOfficeHours: "Outside office hours (08:00–18:00 on weekdays)",
    services: "For these services",
    save: "Save policy",
    saved: "Policy saved",
  },
  spend: {
    title: "Spend by cost centre and month",
    empty: "No confirmed bookings yet.",
    month: "Month",
    bookings: "Bookings",
    total: "Total",
    download: "Download CSV",
    none: "No cost centre",
  },
  documents: {
    title: "Invoices and credit notes",
    empty: "No invoices yet.",
    invoice: "Invoice {{number}}",
    "credit-note": "Credit note {{number}}",
    download: "PDF",
  },
  serviceTypes: { vip_residential: "Residential protection", vip_driver: "Security driver", vip_outdoor: "Going-out security" },
  validation: validationTexts(companyValidationMessages),
};

registerTranslations("companies", { en: english, sv: () => import("./companies-sv.ts").then((module) => module.swedish) });

export const companiesNamespace = "companies";

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    companies: typeof english;
  }
}
