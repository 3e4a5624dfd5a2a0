import { registerTranslations } from "../../lib/i18n.ts";

// The console's dispatch copy (docs/operatives.md): assignment states, refusals, the board, the
// audit log, incidents, ratings and invitations, in English (Swedish in its own module, ADR 210).

export const english = {
  nav: { board: "Schedule board", audit: "Audit log" },
  states: { offered: "Offered", accepted: "Accepted", declined: "Declined", released: "Released", on_duty: "On duty" },
  staffing: "{{accepted}} of {{needed}} accepted",
  fullyStaffed: "Fully staffed",
  shortStaffed: "Short-staffed",
  respondBy: "Answer by {{time}}",
  declineReason: "Reason: {{reason}}",
  refusals: {
    inactive: "{{name}} is not active.",
    already_assigned: "{{name}} is already on this booking.",
    licence_expires: "{{name}}'s licence runs out on {{date}}, before the booking ends on {{end}}.",
    overlap: "{{name}} already works {{place}}, {{days}}.",
    rest_time:
      "{{name}} would rest only {{hours}} hours after {{place}} ({{days}}); the law requires at least {{required}} hours between two assignments.",
  },
  cannotTake: "Cannot take this booking",
  cancelReason: "Reason for the cancellation",
  cancelReasonHint: "The customer reads it in the cancellation e-mail.",
  cancelledBecause: "Cancelled because",
  priceChange: "Total changed from {{before}} to {{after}}",
  progress: { title: "Service status", on_the_way: "On the way", on_duty: "On duty", completed: "Completed", none: "Not started yet" },
  incidents: {
    title: "Incident reports",
    none: "No incident reports.",
    severity: { green: "Green", amber: "Amber", red: "Red" },
    by: "by {{name}}",
    review: "Mark reviewed",
    share: "Share with the customer",
    shared: "Shared with the customer",
    reviewed: "Reviewed",
  },
  rating: { title: "Customer rating", none: "Not rated yet.", stars: "{{stars}} of 5 stars" },
  board: {
    title: "Schedule board",
    intro: "Operatives and their assignments for the week. Bars show each assignment's state in words; short-staffed bookings are marked.",
    week: "Week starting",
    previous: "Previous week",
    next: "Next week",
    operative: "Operative",
    licenceSoon: "Licence runs out {{date}}",
    empty: "No active operatives yet.",
    loading: "Loading the board",
    lead: "Lead",
    list: "Assignments by day",
    nothing: "Nothing planned",
  },
  audit: {
    title: "Audit log",
    intro: "Every action taken in the console, newest first.",
    person: "Person",
    everyone: "Everyone",
    system: "The system",
    kind: "Kind",
    allKinds: "All kinds",
    kinds: {
      booking: "Bookings",
      operative: "Operatives",
      service: "Catalogue",
      user: "Roles",
      policy: "Policy",
      id_verification: "ID documents",
    },
    from: "From",
    to: "To",
    when: "When",
    who: "Who",
    what: "What",
    subject: "Subject",
    empty: "Nothing matches these filters.",
    more: "Show more",
    loading: "Loading the audit log",
  },
  invite: {
    action: "Invite",
    again: "Invite again",
    title: "Invite {{name}}",
    description: "They receive an e-mail with a link to choose a password, valid for one hour. Operatives must turn on two-factor sign-in.",
    email: "E-mail address",
    language: "Language of the e-mail",
    submit: "Send invitation",
    sent: "Invitation sent to {{email}}.",
    invited: "Invited {{date}}",
  },
  ratings: { average: "Rating {{average}} ({{count}})", none: "No ratings" },
  sort: { label: "Sort by", waiting: "Waiting time", start: "Soonest start" },
  actions: {
    assignment_accept: "Assignment accepted",
    assignment_decline: "Assignment declined",
    assignment_release: "Offer released unanswered",
    incident_report: "Incident reported",
    incident_review: "Incident reviewed",
    incident_share: "Incident shared with the customer",
    thread_reply: "Replied in the message thread",
    operative_create: "Operative added",
    operative_update: "Operative changed",
    operative_delete: "Operative removed",
    operative_deactivate: "Operative made inactive",
    operative_invite: "Operative invited",
    service_update: "Catalogue price changed",
    user_role: "Role changed",
    policy_update: "Staff policy changed",
  },
};

registerTranslations("dispatch", { en: english, sv: () => import("./dispatch-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    dispatch: typeof english;
  }
}
