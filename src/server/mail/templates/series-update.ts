import { bookingReference } from "../../../shared/booking-reference.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { SeriesView } from "../../../shared/series-schema.ts";
import type { SeriesRule } from "../../../shared/series.ts";
import { formatDay } from "../../../shared/time.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { calendarLocation } from "./booking-calendar-entry.ts";
import { createElement } from "react";
import { Action, Group, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";
import { renderSeriesCalendar } from "./series-calendar.ts";

// docs/series.md, ADR 283: ONE mail per change of a series (booked, confirmed, occurrences cancelled
// or moved), naming the occurrences it changed, with the series' ONE calendar entry (series.ics) at
// its SEQUENCE. ADR 181: the protected person appears by codename only.

export type SeriesUpdateChange = "booked" | "confirmed" | "cancelled" | "moved";

export type SeriesUpdateMail = {
  language: MailLanguage;
  change: SeriesUpdateChange;
  series: SeriesView;
  rule: SeriesRule;
  meetingPoint: string | null;
  codename: string | null;
  confirmed: boolean;
  /** The occurrences this change reached, by their original day. */
  occurrenceDays: readonly string[];
  refund?: "fully_refundable" | "non_refundable";
  calendarSequence: number;
  at: Date;
  supportEmail: string;
  appUrl: string;
};

const english = {
  subjectBooked: "Your series {{reference}} is requested: {{occurrences}} occurrences",
  subjectConfirmed: "Your series {{reference}} is confirmed",
  subjectCancelled: "{{occurrences}} occurrences of your series {{reference}} are cancelled",
  subjectMoved: "{{occurrences}} occurrences of your series {{reference}} are moved",
  introBooked:
    "Thank you. We answer within 24 hours. Every occurrence below is a booking of its own, paid and refundable by the same rules.",
  introConfirmed: "We confirmed these occurrences of your series.",
  introCancelled: "These occurrences are cancelled; the rest of the series stands.",
  introMoved: "These occurrences now take place as shown; the rest of the series is unchanged.",
  refundFull: "Cancelled more than 2 days before each start: fully refunded.",
  refundNone: "Cancelled within 2 days of the start: not refundable.",
  occurrence: "{{days}}, {{times}} (Stockholm time), {{hours}} h{{total}}",
  calendar: "The attached calendar entry holds the whole series and updates the one you have.",
  summary: "Nordic Shield security series {{reference}}",
  codename: "Protected person: codename {{codename}}",
  open: "Open the series",
};

const swedish: Catalogue<typeof english> = {
  subjectBooked: "Din serie {{reference}} är förfrågad: {{occurrences}} tillfällen",
  subjectConfirmed: "Din serie {{reference}} är bekräftad",
  subjectCancelled: "{{occurrences}} tillfällen i din serie {{reference}} är avbokade",
  subjectMoved: "{{occurrences}} tillfällen i din serie {{reference}} är flyttade",
  introBooked: "Tack. Vi svarar inom 24 timmar. Varje tillfälle nedan är en egen bokning som betalas och återbetalas enligt samma regler.",
  introConfirmed: "Vi har bekräftat dessa tillfällen i din serie.",
  introCancelled: "Dessa tillfällen är avbokade; resten av serien gäller.",
  introMoved: "Dessa tillfällen äger nu rum som nedan; resten av serien är oförändrad.",
  refundFull: "Avbokat mer än 2 dagar före varje start: hela beloppet återbetalas.",
  refundNone: "Avbokat inom 2 dagar före starten: återbetalas inte.",
  occurrence: "{{days}}, {{times}} (svensk tid), {{hours}} h{{total}}",
  calendar: "Den bifogade kalenderposten rymmer hela serien och uppdaterar den du redan har.",
  summary: "Nordic Shield säkerhetsserie {{reference}}",
  codename: "Skyddsperson: kodnamn {{codename}}",
  open: "Öppna serien",
};

export const seriesUpdateCopy = { en: english, sv: swedish };

const subjects = { booked: "subjectBooked", confirmed: "subjectConfirmed", cancelled: "subjectCancelled", moved: "subjectMoved" } as const;
const intros = { booked: "introBooked", confirmed: "introConfirmed", cancelled: "introCancelled", moved: "introMoved" } as const;

export function renderSeriesUpdateMail(input: SeriesUpdateMail) {
  const t = translator(seriesUpdateCopy, input.language);
  const { series } = input;
  const reference = bookingReference(series.id);
  const reached = new Set(input.occurrenceDays);
  const lines = series.occurrences
    .filter((occurrence) => reached.has(occurrence.occurrenceDay))
    .map((occurrence) => {
      const days =
        occurrence.lastDay === occurrence.day
          ? formatDay(occurrence.day, input.language)
          : `${formatDay(occurrence.day, input.language)} – ${formatDay(occurrence.lastDay, input.language)}`;
      const total =
        occurrence.totalCents !== null && input.change !== "cancelled" ? `, ${formatMoney(occurrence.totalCents, input.language)}` : "";
      return t("occurrence", { days, times: `${occurrence.startTime}–${occurrence.endTime}`, hours: String(occurrence.realHours), total });
    });
  const subject = t(subjects[input.change], { reference, occurrences: String(reached.size) });
  const intro = t(intros[input.change]);
  const refund = input.refund ? t(input.refund === "fully_refundable" ? "refundFull" : "refundNone") : null;
  const link = `${input.appUrl}/customer-dashboard/series/${series.id}`;
  const location = calendarLocation(input.meetingPoint, series.location);
  const description = [`${reference}`, ...(input.codename ? [t("codename", { codename: input.codename })] : [])].join("\n");
  const content = renderSeriesCalendar({
    uid: `series-${series.id}`,
    rule: input.rule,
    days: series.days,
    startTime: series.startTime,
    endTime: series.endTime,
    occurrences: series.occurrences,
    sequence: input.calendarSequence,
    status: input.confirmed ? "CONFIRMED" : "TENTATIVE",
    summary: t("summary", { reference }),
    location,
    description,
    stampedAt: input.at,
    organizerEmail: input.supportEmail,
  });
  const method = content.includes("\r\nMETHOD:CANCEL\r\n") ? "CANCEL" : "REQUEST";
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: intro }),
      createElement(Group, null, ...lines.map((line) => createElement(Paragraph, { key: line, text: `- ${line}` }))),
      ...(refund ? [createElement(Paragraph, { text: refund })] : []),
      createElement(Paragraph, { text: t("calendar") }),
      createElement(Action, { href: link, label: t("open") }),
    ),
    attachments: [{ filename: "series.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content }],
  });
}
