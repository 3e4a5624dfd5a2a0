import { registerTranslations } from "../../lib/i18n.ts";

// On duty (docs/on-duty.md) in English: the SOS, check-ins, the principal's page, the console's
// alarms and the live board (Swedish in its own chunk, ADR 210).

export const english = {
  sos: {
    title: "Emergency",
    hold: "Hold for SOS",
    holdHint: "Press and hold for 2 seconds to alert the operations centre. Your position is sent if you allow it.",
    holding: "Keep holding… {{percent}} %",
    keyboardHint: "With a keyboard: hold Space or Enter.",
    sending: "Sending the alarm…",
    sent: "Alarm sent at {{time}}. The operations centre has been alerted.",
    waiting: "Waiting for an operator to acknowledge…",
    received: "Received by {{name}} at {{time}}",
    resolved: "Resolved at {{time}}",
    closedBefore: "The SOS button is available while your team is on the way or on duty.",
    yours: "Your alarms",
    outcome: "Outcome: {{outcome}}",
    failed: "The alarm could not be sent. Call the operations centre now.",
  },
  kinds: { sos: "SOS", duress: "Duress (silent)", missed_check_in: "Missed check-in", missed_checkpoint: "Missed checkpoint" },
  raisers: { customer: "Customer", principal: "Principal", operative: "Operative", system: "System" },
  outcomes: {
    false_alarm: "False alarm",
    handled_by_team: "Handled by the team",
    police_called: "Police called",
    medical_help: "Medical help",
    other: "Other",
  },
  principalLink: {
    title: "Personal SOS link for the protected person",
    body: "Create a link and send it to the person you booked for. Without an account they can raise an SOS from it, but only while the team is on the way or on duty. A new link replaces the previous one.",
    create: "Create link",
    created: "Link created. Copy it and send it privately.",
    label: "Personal link",
    copy: "Copy link",
    copied: "Copied",
  },
  principal: {
    title: "Personal SOS",
    intro: "This page belongs to {{codename}}. If you are in danger, hold the button below.",
    introNoName: "If you are in danger, hold the button below.",
    invalidTitle: "This link is not valid now",
    invalidBody: "The link works only while your protection team is on the way or on duty. Ask the person who sent it for a new one.",
    loading: "Checking the link…",
  },
  checkIn: {
    title: "Check-in",
    intro: "Check in with your PIN every {{minutes}} minutes. A missed check-in alerts the operations centre.",
    notPlanned: "No check-ins are set for this booking.",
    pin: "PIN",
    submit: "Check in",
    done: "Checked in at {{time}}",
    last: "Last check-in: {{time}}",
    next: "Next check-in due by {{time}}",
    pinsTitle: "Your check-in PINs",
    pinsIntro:
      "Choose a PIN for check-ins and a second, different duress PIN. Under threat, check in with the duress PIN: the screen looks the same, and the operations centre is alerted silently.",
    pinLabel: "Check-in PIN (4–8 digits)",
    duressLabel: "Duress PIN (4–8 digits)",
    savePins: "Save PINs",
    pinsSaved: "PINs saved.",
    changePins: "Change PINs",
    pinInvalid: "Enter 4 to 8 digits.",
    pinsDiffer: "The duress PIN must differ from the check-in PIN.",
  },
  position: {
    title: "Share my position",
    hint: "Only while the booking is on the way or on duty; the operations centre sees your latest position, never a trail, and it is deleted after the booking.",
    sharing: "Sharing your position",
    denied: "Your browser did not allow the position.",
  },
  banner: {
    title: "ALARM: {{kind}} from {{name}} ({{raiser}})",
    booking: "Booking {{reference}} · {{location}}",
    raisedAt: "Raised {{time}}",
    position: "Position: {{latitude}}, {{longitude}} (±{{accuracy}} m)",
    noPosition: "No position shared",
    lastCheckIn: "Last check-in: {{time}}",
    noCheckIn: "No check-in yet",
    team: "Team: {{team}}",
    acknowledge: "Acknowledge",
    acknowledged: "Acknowledged by {{name}} at {{time}}",
    open: "Open alarms",
    more: "{{count}} more open alarms",
    escalated: "Escalated to level {{level}}",
  },
  alarms: {
    title: "Alarms",
    intro: "Every alarm of the last 24 hours and every one not yet resolved, newest first.",
    empty: "No alarms.",
    loading: "Loading alarms",
    booking: "Open the booking",
    resolve: "Resolve",
    resolveTitle: "Resolve the alarm",
    outcome: "Outcome",
    note: "Note",
    noteRequired: "Write what happened.",
    share: "Share the outcome and the note with the customer",
    resolved: "Resolved at {{time}}: {{outcome}}",
    shared: "Shared with the customer",
    states: { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" },
    escalations: "Escalation: {{steps}}",
    board: "Live board",
    cancel: "Cancel",
  },
  onCall: {
    title: "On-call list",
    intro:
      "When an alarm is not acknowledged in time, these people are notified one at a time in this order, then every staff member. At least three.",
    position: "On-call {{position}}",
    none: "Nobody",
    save: "Save the on-call list",
    saved: "On-call list saved.",
    atLeastThree: "Choose at least three different people.",
  },
  board: {
    title: "Live board",
    intro: "Every engagement now on the way or on duty: the team, the last check-in, alarms and shared positions. Updates live.",
    empty: "No engagement is active now.",
    loading: "Loading the live board",
    status: { on_the_way: "On the way", on_duty: "On duty" },
    alarms: "{{count}} open alarms",
    noAlarms: "No open alarms",
    positions: "Positions",
    noPositions: "No position shared",
    positionLine: "{{name}}: {{latitude}}, {{longitude}} at {{time}}",
    map: "Map of shared positions",
    alarmsLink: "Alarms",
  },
  plan: {
    title: "Check-ins for the lead",
    intro:
      "The lead checks in with a PIN at this interval while on the way and on duty; a check-in missed by more than the grace raises an alarm.",
    interval: "Interval (minutes)",
    grace: "Grace (minutes)",
    save: "Save check-ins",
    saved: "Check-ins saved.",
    none: "No check-ins set.",
  },
};

registerTranslations("onDuty", { en: english, sv: () => import("./on-duty-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    onDuty: typeof english;
  }
}
