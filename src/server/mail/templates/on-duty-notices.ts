import { formatInstant } from "../../../shared/time.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// The urgent notices of on duty (docs/on-duty.md), in the recipient's language: a step of an
// alarm's escalation ladder (ADR 286) and the lead's check-in reminder (ADR 287). They leave through
// notifyUrgently (src/server/features/on-duty/notify-urgently.ts), today as an urgent mail.


export type OnDutyNotice =
  | { notice: "alarm"; level: number; raisedByName: string; raisedAt: string; reference: string; bookingId: string; kind: string }
  | { notice: "check_in_reminder"; dueAt: string; reference: string };

const english = {
  alarm: {
    subject: "ALARM not acknowledged: booking {{reference}} (level {{level}})",
    body: "{{name}} raised an alarm ({{kind}}) at {{when}}. Nobody has acknowledged it yet. Open the console and acknowledge it now.",
    action: "Open the alarm",
  },
  kinds: { sos: "SOS", duress: "duress", missed_check_in: "missed check-in", missed_checkpoint: "missed checkpoint" },
  reminder: {
    subject: "Check-in due at {{when}}: booking {{reference}}",
    body: "Your next check-in is due at {{when}}. Check in on the brief with your PIN.",
    action: "Open my assignments",
  },
};

const swedish: Catalogue<typeof english> = {
  alarm: {
    subject: "LARM inte kvitterat: bokning {{reference}} (nivå {{level}})",
    body: "{{name}} larmade ({{kind}}) {{when}}. Ingen har kvitterat larmet ännu. Öppna konsolen och kvittera nu.",
    action: "Öppna larmet",
  },
  kinds: { sos: "SOS", duress: "överfallslarm", missed_check_in: "missad incheckning", missed_checkpoint: "missad kontrollpunkt" },
  reminder: {
    subject: "Incheckning senast {{when}}: bokning {{reference}}",
    body: "Din nästa incheckning ska göras senast {{when}}. Checka in i uppdragsbeskrivningen med din PIN-kod.",
    action: "Öppna mina uppdrag",
  },
};

export const onDutyNoticeCopy = { en: english, sv: swedish };

export function renderOnDutyNoticeMail(input: OnDutyNotice & { language: MailLanguage; supportEmail: string; appUrl: string }) {
  const t = translator(onDutyNoticeCopy, input.language);
  const [subject, body, action] =
    input.notice === "alarm"
      ? (() => {
          const kinds = ["duress", "missed_check_in", "missed_checkpoint"] as const;
          const kind = t(`kinds.${kinds.find((known) => known === input.kind) ?? "sos"}`);
          const values = {
            reference: input.reference,
            level: String(input.level),
            name: input.raisedByName,
            kind,
            when: formatInstant(input.raisedAt, input.language),
          };
          return [t("alarm.subject", values), t("alarm.body", values), { label: t("alarm.action"), link: `${input.appUrl}/admin/alarms` }];
        })()
      : (() => {
          const values = { reference: input.reference, when: formatInstant(input.dueAt, input.language) };
          return [
            t("reminder.subject", values),
            t("reminder.body", values),
            { label: t("reminder.action"), link: `${input.appUrl}/operative` },
          ];
        })();
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: body, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: body }),
      createElement(Action, { href: action.link, label: action.label }),
    ),
  });
}
