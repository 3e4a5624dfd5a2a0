import { registerTranslations } from "../../lib/i18n.ts";

// The operative's own area (docs/operatives.md), in English (Swedish in its own module, ADR 210).

export const english = {
  title: "My assignments",
  intro: "Answer each offer before its deadline. The brief opens when you accept and closes 24 hours after the service ends.",
  loading: "Loading your assignments",
  empty: "No assignments right now. New offers appear here.",
  twoFactorTitle: "Turn on two-factor sign-in",
  twoFactorBody:
    "Operatives sign in with two-factor authentication. Turn it on in your security settings; your assignments appear here at once.",
  twoFactorLink: "Open security settings",
  notOperative: "This area is for Nordic Shield operatives. Ask the operator for an invitation.",
  states: { offered: "Waiting for your answer", accepted: "Accepted", declined: "Declined", released: "Released (not answered in time)" },
  lead: "Lead",
  respondBy: "Answer by {{time}}",
  // docs/series.md: an occurrence of a recurring series names its series.
  series: "Series {{reference}}: one occurrence of a recurring engagement",
  accept: "Accept",
  decline: "Decline",
  declineTitle: "Decline this assignment",
  declineDescription: "The operator reads your reason and offers the booking to someone else.",
  reason: "Reason",
  reasonRequired: "Please give a reason.",
  sendDecline: "Decline assignment",
  cancel: "Keep it",
  accepted: "Accepted. The brief is open.",
  declined: "Declined. The operator has been told.",
  openBrief: "Open the brief",
  briefClosed: "The brief opens when you accept.",
  back: "My assignments",
  area: {
    menu: "Operative area",
    assignments: "Assignments",
    profile: "Profile and licence",
    security: "Sign-in security",
    signOut: "Sign out",
  },
  security: {
    title: "Sign-in security",
    intro: "Your assignments open once two-factor sign-in is on. Turn it on here with an authenticator app, and keep the backup codes.",
    twoFactor: "Two-factor sign-in",
  },
  profile: {
    title: "Profile and licence",
    intro: "Your details as the operator keeps them, and the photo and phone the customer sees when you lead.",
    loading: "Loading your details",
    licence: "Roster and licence",
    name: "Name",
    phone: "Phone",
    licenceNumber: "Licence number",
    licenceExpires: "Licence valid until",
    expiringSoon: "Renew soon",
    languages: "Languages",
    keptByOperator: "The operator keeps these details. Call the operator to change them or to register a renewed licence.",
  },
  brief: {
    title: "Brief",
    loading: "Loading the brief",
    notFound: "This brief is not available. It opens when you accept and closes 24 hours after the service ends.",
    when: "When",
    place: "Place",
    meetingPoint: "Meeting point",
    times: "Daily times {{start}} – {{end}} (Stockholm)",
    principal: "Principal",
    services: "Services",
    guards_one: "{{count}} guard",
    guards_other: "{{count}} guards",
    days_one: "{{count}} day",
    days_other: "{{count}} days",
    team: "Team",
    contacts: "Customer's I.C.E. contacts",
    noContacts: "No emergency contacts given.",
    notes: "Notes",
    customerNote: "From the customer",
    operatorNote: "From the operator",
    noNotes: "No notes.",
  },
  status: {
    title: "Service status",
    leadOnly: "The lead marks the status; you see it here.",
    on_the_way: "On the way",
    on_duty: "On duty",
    completed: "Completed",
    mark: "Mark “{{step}}”",
    marked: "{{step}} · {{time}}",
    saved: "Status saved. The customer sees it now.",
    opensAt: "You can mark “{{step}}” from {{time}}. The steps follow the booking's times.",
  },
  incident: {
    title: "Report an incident",
    when: "When it happened",
    severity: "Severity",
    green: "Green: noted",
    amber: "Amber: needs attention",
    red: "Red: serious (operators alerted at once)",
    text: "What happened",
    submit: "Send report",
    sent: "Report sent to the operators.",
    textRequired: "Please describe what happened.",
    filed: "Reports sent",
    opensAt: "Incidents are reported during or after the service. You can report one from {{time}}.",
  },
};

registerTranslations("operative", { en: english, sv: () => import("./operative-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    operative: typeof english;
  }
}
