import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";
import type { RenderedMail } from "./render-mail.ts";

// The operatives' mails (docs/operatives.md), in the recipient's language: the invitation with its
// one-time link to choose a password (ADR 160), the operators' alert when an offer is released
// unanswered (ADR 161), and the operators' alert of a red incident report (ADR 165).

const english = {
  invitation: {
    subject: "Your invitation to Nordic Shield",
    welcome:
      "Hello {{name}}, you are invited to use Nordic Shield as an operative: see your assignments, accept or decline them and read the brief on your phone.",
    password:
      "Choose a password with the link below. The link is valid for one hour; ask the operator for a new one if it has run out. You will then turn on two-factor sign-in, which operatives are required to use.",
    action: "Choose a password",
  },
  released: {
    subject: "{{name}} did not answer: the assignment of {{days}} is released",
    body: "{{name}} did not accept the assignment in {{location}} ({{days}}) before the deadline. It is released; please offer the booking to someone else.",
    action: "Open the booking",
  },
  incident: {
    subject: "Red incident report from {{name}}",
    body: "{{name}} reported a red incident at {{when}}:",
    action: "Review the report",
  },
};

const swedish: Catalogue<typeof english> = {
  invitation: {
    subject: "Din inbjudan till Nordic Shield",
    welcome:
      "Hej {{name}}, du är inbjuden att använda Nordic Shield som väktare: se dina uppdrag, tacka ja eller nej och läs uppdragsbeskrivningen i telefonen.",
    password:
      "Välj ett lösenord med länken nedan. Länken gäller i en timme; be operatören om en ny om den har gått ut. Du slår sedan på tvåstegsinloggning, som krävs för väktare.",
    action: "Välj lösenord",
  },
  released: {
    subject: "{{name}} svarade inte: uppdraget {{days}} är släppt",
    body: "{{name}} tackade inte ja till uppdraget i {{location}} ({{days}}) före svarstiden. Uppdraget är släppt; erbjud bokningen till någon annan.",
    action: "Öppna bokningen",
  },
  incident: {
    subject: "Röd incidentrapport från {{name}}",
    body: "{{name}} rapporterade en röd incident {{when}}:",
    action: "Granska rapporten",
  },
};

export const operativeMailsCopy = { en: english, sv: swedish };

function render(
  language: MailLanguage,
  supportEmail: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; link: string },
): Promise<RenderedMail> {
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language, preheader: paragraphs[0] ?? subject, heading: subject, supportEmail },
      ...paragraphs.map((paragraph, index) => createElement(Paragraph, { key: index, text: paragraph })),
      createElement(Action, { href: action.link, label: action.label }),
    ),
  });
}

export function renderOperativeInvitationMail(input: {
  language: MailLanguage;
  operativeName: string;
  link: string;
  supportEmail: string;
}): Promise<RenderedMail> {
  const t = translator(operativeMailsCopy, input.language);
  const first = input.operativeName.split(/\s+/)[0] ?? input.operativeName;
  return render(
    input.language,
    input.supportEmail,
    t("invitation.subject"),
    [t("invitation.welcome", { name: first }), t("invitation.password")],
    { label: t("invitation.action"), link: input.link },
  );
}

export function renderAssignmentReleasedMail(input: {
  language: MailLanguage;
  operativeName: string;
  bookingId: string;
  location: string;
  startDate: string;
  endDate: string;
  supportEmail: string;
  appUrl: string;
}): Promise<RenderedMail> {
  const t = translator(operativeMailsCopy, input.language);
  const values = {
    name: input.operativeName,
    location: input.location,
    days: formatDayRange(input.startDate, input.endDate, input.language),
  };
  const link = `${input.appUrl}/admin/bookings/${input.bookingId}`;
  return render(input.language, input.supportEmail, t("released.subject", values), [t("released.body", values)], {
    label: t("released.action"),
    link,
  });
}

export function renderIncidentAlertMail(input: {
  language: MailLanguage;
  bookingId: string;
  operativeName: string;
  occurredAt: string;
  text: string;
  supportEmail: string;
  appUrl: string;
}): Promise<RenderedMail> {
  const t = translator(operativeMailsCopy, input.language);
  const values = { name: input.operativeName, when: formatInstant(input.occurredAt, input.language) };
  const link = `${input.appUrl}/admin/bookings/${input.bookingId}`;
  return render(input.language, input.supportEmail, t("incident.subject", values), [t("incident.body", values), input.text], {
    label: t("incident.action"),
    link,
  });
}
