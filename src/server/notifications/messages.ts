import { z } from "zod";
import type { Language } from "../../shared/languages.ts";
import type { NotificationAudience, NotificationKind } from "../../shared/notifications.ts";
import { alarmKinds, alarmRaisers } from "../../shared/on-duty.ts";
import { formatInstant, formatShortDay, operatorToday } from "../../shared/time.ts";
import type { Catalogue } from "../../shared/translations.ts";
import { translator, type Translator } from "../../shared/translator.ts";

// ADR 265, 268: the words of every notification, one title and one body per kind that every
// channel uses (the mail's subject and text, the push notification, the SMS). A discreet booking
// has words of its own that name neither the firm's trade nor the service ("Your appointment on
// 4 Dec"). No kind carries the protected person's name (ADR 181): the data below has no field for it,
// and an alarm names who raised it only when that was an operative or the system (the lead, a
// checkpoint); a customer or the principal is named by role, since either may be the protected
// person (ADR 297).

/** What a notification's words are made from; each kind uses a few. Names records and short facts only. */
export const notificationData = z.object({
  bookingId: z.string().optional(),
  reference: z.string().optional(),
  /** The booking's (or assignment's) start, an instant. */
  startAt: z.string().optional(),
  /** The operative's answer deadline, an instant. */
  respondBy: z.string().optional(),
  hoursBefore: z.number().int().positive().optional(),
  count: z.number().int().positive().optional(),
  /** Before arrival: the lead's first name, the phone to call, the phrase said at the door. */
  contactName: z.string().optional(),
  phone: z.string().optional(),
  phrase: z.string().optional(),
  /** An alarm's ladder step (ADR 286): its level, what raised it, who, and when. */
  level: z.number().int().positive().optional(),
  alarmKind: z.enum(alarmKinds).optional(),
  raisedBy: z.enum(alarmRaisers).optional(),
  /** The first name of the operative, or the system's subject (the lead, a checkpoint); ignored for a customer or the principal. */
  raiserName: z.string().optional(),
  raisedAt: z.string().optional(),
  /** When the lead's next check-in is due (ADR 287), an instant. */
  dueAt: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationData>;

const english = {
  deadline: "Answer by {{deadline}}.",
  alarmKinds: { sos: "SOS", duress: "duress", missed_check_in: "missed check-in", missed_checkpoint: "missed checkpoint" },
  raisers: { customer: "The customer", principal: "The principal", operative: "An operative", system: "The system" },
  plain: {
    "offer-made": { title: "New assignment offer {{reference}}", body: "You are offered the assignment starting {{start}}." },
    "offer-withdrawn": { title: "Offer withdrawn ({{reference}})", body: "The assignment starting {{start}} is no longer offered to you." },
    "assignment-changed": { title: "Assignment changed ({{reference}})", body: "The assignment now starts {{start}}." },
    "booking-confirmed": { title: "Your protection on {{day}} is confirmed", body: "Starts {{start}}. Reference {{reference}}." },
    "booking-changed": { title: "Your protection on {{day}} has changed", body: "Starts {{start}}. Reference {{reference}}." },
    "booking-cancelled": { title: "Your protection on {{day}} is cancelled", body: "Reference {{reference}}." },
    "booking-reminder": { title: "Your protection starts in {{hours}} hours", body: "Starts {{start}}. Reference {{reference}}." },
    "thread-message": { title: "New message about booking {{reference}}", body: "Unread messages: {{unread}}." },
    "team-before-arrival": {
      title: "Your team arrives at {{start}}",
      body: "{{name}} will meet you (phone {{phone}}) and will say: “{{phrase}}”.",
    },
    alarm: {
      title: "ALARM not acknowledged: booking {{reference}} (level {{level}})",
      body: "{{raiser}} raised an alarm ({{alarmKind}}) at {{raisedAt}}. Nobody has acknowledged it yet. Open the console and acknowledge it now.",
    },
    "check-in-due": {
      title: "Check-in due at {{due}}: booking {{reference}}",
      body: "Your next check-in is due at {{due}}. Check in on the brief with your PIN.",
    },
  },
  discreet: {
    "offer-made": { title: "New request {{reference}}", body: "Starts {{start}}." },
    "offer-withdrawn": { title: "Request withdrawn ({{reference}})", body: "The request starting {{start}} is withdrawn." },
    "assignment-changed": { title: "Request changed ({{reference}})", body: "It now starts {{start}}." },
    "booking-confirmed": { title: "Your appointment on {{day}} is confirmed", body: "Starts {{start}}." },
    "booking-changed": { title: "Your appointment on {{day}} has changed", body: "Starts {{start}}." },
    "booking-cancelled": { title: "Your appointment on {{day}} is cancelled", body: "Reference {{reference}}." },
    "booking-reminder": { title: "Your appointment on {{day}}", body: "Starts {{start}}." },
    "thread-message": { title: "New message about your appointment", body: "Unread messages: {{unread}}." },
    "team-before-arrival": {
      title: "Your appointment on {{day}}",
      body: "Your contact is {{name}}, {{phone}}, who will say: “{{phrase}}”.",
    },
    alarm: {
      title: "ALARM not acknowledged: {{reference}} (level {{level}})",
      body: "{{raiser}} raised an alarm ({{alarmKind}}) at {{raisedAt}}. Nobody has acknowledged it yet. Open the console now.",
    },
    "check-in-due": {
      title: "Check-in due at {{due}}: {{reference}}",
      body: "Your next check-in is due at {{due}}. Check in with your PIN.",
    },
  },
  open: "Open",
};

const swedish: Catalogue<typeof english> = {
  deadline: "Svara senast {{deadline}}.",
  alarmKinds: { sos: "SOS", duress: "överfallslarm", missed_check_in: "missad incheckning", missed_checkpoint: "missad kontrollpunkt" },
  raisers: { customer: "Kunden", principal: "Huvudpersonen", operative: "En operatör i teamet", system: "Systemet" },
  plain: {
    "offer-made": { title: "Nytt uppdragserbjudande {{reference}}", body: "Du erbjuds uppdraget som börjar {{start}}." },
    "offer-withdrawn": { title: "Erbjudandet återkallat ({{reference}})", body: "Uppdraget som börjar {{start}} erbjuds dig inte längre." },
    "assignment-changed": { title: "Uppdraget ändrat ({{reference}})", body: "Uppdraget börjar nu {{start}}." },
    "booking-confirmed": { title: "Ditt skydd den {{day}} är bekräftat", body: "Börjar {{start}}. Referens {{reference}}." },
    "booking-changed": { title: "Ditt skydd den {{day}} har ändrats", body: "Börjar {{start}}. Referens {{reference}}." },
    "booking-cancelled": { title: "Ditt skydd den {{day}} är avbokat", body: "Referens {{reference}}." },
    "booking-reminder": { title: "Ditt skydd börjar om {{hours}} timmar", body: "Börjar {{start}}. Referens {{reference}}." },
    "thread-message": { title: "Nytt meddelande om bokning {{reference}}", body: "Olästa meddelanden: {{unread}}." },
    "team-before-arrival": {
      title: "Ditt team kommer {{start}}",
      body: "{{name}} möter dig (telefon {{phone}}) och säger: ”{{phrase}}”.",
    },
    alarm: {
      title: "LARM inte kvitterat: bokning {{reference}} (nivå {{level}})",
      body: "{{raiser}} larmade ({{alarmKind}}) {{raisedAt}}. Ingen har kvitterat larmet ännu. Öppna konsolen och kvittera nu.",
    },
    "check-in-due": {
      title: "Incheckning senast {{due}}: bokning {{reference}}",
      body: "Din nästa incheckning ska göras senast {{due}}. Checka in i uppdragsbeskrivningen med din PIN-kod.",
    },
  },
  discreet: {
    "offer-made": { title: "Ny förfrågan {{reference}}", body: "Börjar {{start}}." },
    "offer-withdrawn": { title: "Förfrågan återkallad ({{reference}})", body: "Förfrågan som börjar {{start}} är återkallad." },
    "assignment-changed": { title: "Förfrågan ändrad ({{reference}})", body: "Den börjar nu {{start}}." },
    "booking-confirmed": { title: "Din tid den {{day}} är bekräftad", body: "Börjar {{start}}." },
    "booking-changed": { title: "Din tid den {{day}} har ändrats", body: "Börjar {{start}}." },
    "booking-cancelled": { title: "Din tid den {{day}} är avbokad", body: "Referens {{reference}}." },
    "booking-reminder": { title: "Din tid den {{day}}", body: "Börjar {{start}}." },
    "thread-message": { title: "Nytt meddelande om din tid", body: "Olästa meddelanden: {{unread}}." },
    "team-before-arrival": { title: "Din tid den {{day}}", body: "Din kontakt är {{name}}, {{phone}}, som säger: ”{{phrase}}”." },
    alarm: {
      title: "LARM inte kvitterat: {{reference}} (nivå {{level}})",
      body: "{{raiser}} larmade ({{alarmKind}}) {{raisedAt}}. Ingen har kvitterat larmet ännu. Öppna konsolen nu.",
    },
    "check-in-due": {
      title: "Incheckning senast {{due}}: {{reference}}",
      body: "Din nästa incheckning ska göras senast {{due}}. Checka in med din PIN-kod.",
    },
  },
  open: "Öppna",
};

export const notificationCopy = { en: english, sv: swedish };

/** A notification's words on every channel, and where its link leads. */
export type NotificationMessage = { title: string; body: string; url: string; linkLabel: string };

/** Where a notification's link leads, for its reader. */
function pathOf(audience: NotificationAudience, kind: NotificationKind, data: NotificationData): string {
  if (audience === "operative") return "/operative";
  if (kind === "alarm") return "/admin/alarms";
  const booking = data.bookingId ? encodeURIComponent(data.bookingId) : "";
  if (audience === "staff") return booking ? `/admin/bookings/${booking}${kind === "thread-message" ? "#messages" : ""}` : "/admin";
  return booking ? `/customer-dashboard/bookings/${booking}${kind === "thread-message" ? "#messages" : ""}` : "/customer-dashboard";
}

/**
 * Who raised an alarm, in words: an operative's first name, or the system's subject (the lead of a
 * missed check-in, a missed checkpoint's name); a customer or the principal by role only, as either
 * may be the protected person (docs/on-duty.md, "Notifications").
 */
function raiserOf(data: NotificationData, t: Translator<typeof english>): string {
  const raisedBy = data.raisedBy ?? "system";
  const named = (raisedBy === "operative" || raisedBy === "system") && data.raiserName;
  return named ? (data.raiserName ?? "") : t(`raisers.${raisedBy}`);
}

export function renderNotification(input: {
  kind: NotificationKind;
  audience: NotificationAudience;
  language: Language;
  discreet: boolean;
  data: NotificationData;
  appUrl: string;
}): NotificationMessage {
  const { kind, data, language } = input;
  const t = translator(notificationCopy, language);
  const start = data.startAt ? formatInstant(data.startAt, language) : "";
  const values = {
    reference: data.reference ?? "",
    start,
    day: data.startAt ? formatShortDay(operatorToday(new Date(data.startAt)), language) : "",
    hours: data.hoursBefore ?? "",
    unread: data.count ?? "",
    name: data.contactName ?? "",
    phone: data.phone ?? "",
    phrase: data.phrase ?? "",
    level: data.level ?? "",
    alarmKind: data.alarmKind ? t(`alarmKinds.${data.alarmKind}`) : "",
    raiser: raiserOf(data, t),
    raisedAt: data.raisedAt ? formatInstant(data.raisedAt, language) : "",
    due: data.dueAt ? formatInstant(data.dueAt, language) : "",
  };
  const variant = input.discreet ? "discreet" : "plain";
  const title = t(`${variant}.${kind}.title`, values);
  let body = t(`${variant}.${kind}.body`, values);
  if (data.respondBy && (kind === "offer-made" || kind === "assignment-changed"))
    body = `${body} ${t("deadline", { deadline: formatInstant(data.respondBy, language) })}`;
  return { title, body, url: `${input.appUrl}${pathOf(input.audience, kind, data)}`, linkLabel: t("open") };
}
