import { formatDayRange, formatInstant } from "../../../shared/dates.ts";
import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// The operatives' mails (docs/operatives.md), in the recipient's language: the invitation with its
// one-time link to choose a password (ADR 160), the operators' alert when an offer is released
// unanswered (ADR 161), and the operators' alert of a red incident report (ADR 165).

type Rendered = { subject: string; html: string; text: string };

function render(
  language: MailLanguage,
  supportEmail: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; link: string },
): Rendered {
  const html = renderLayout({
    language,
    preheader: paragraphs[0] ?? subject,
    heading: subject,
    supportEmail,
    bodyHtml: [
      ...paragraphs.map((paragraph) => `<p style="${mailStyles.paragraph}">${escapeHtml(paragraph)}</p>`),
      `<a href="${escapeHtml(action.link)}" style="${mailStyles.button}">${escapeHtml(action.label)}</a>`,
    ].join("\n"),
  });
  const text = [
    subject,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `${action.label}: ${action.link}`,
    "",
    textFooter(language, supportEmail),
  ].join("\n");
  return { subject, html, text };
}

export function renderOperativeInvitationMail(input: {
  language: MailLanguage;
  operativeName: string;
  link: string;
  supportEmail: string;
}): Rendered {
  const first = input.operativeName.split(/\s+/)[0] ?? input.operativeName;
  return input.language === "sv"
    ? render(
        "sv",
        input.supportEmail,
        "Din inbjudan till Nordic Shield",
        [
          `Hej ${first}, du är inbjuden att använda Nordic Shield som väktare: se dina uppdrag, tacka ja eller nej och läs uppdragsbeskrivningen i telefonen.`,
          "Välj ett lösenord med länken nedan. Länken gäller i en timme; be operatören om en ny om den har gått ut. Du slår sedan på tvåstegsinloggning, som krävs för väktare.",
        ],
        { label: "Välj lösenord", link: input.link },
      )
    : render(
        "en",
        input.supportEmail,
        "Your invitation to Nordic Shield",
        [
          `Hello ${first}, you are invited to use Nordic Shield as an operative: see your assignments, accept or decline them and read the brief on your phone.`,
          "Choose a password with the link below. The link is valid for one hour; ask the operator for a new one if it has run out. You will then turn on two-factor sign-in, which operatives are required to use.",
        ],
        { label: "Choose a password", link: input.link },
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
}): Rendered {
  const days = formatDayRange(input.startDate, input.endDate, input.language);
  const link = `${input.appUrl}/admin/bookings/${input.bookingId}`;
  return input.language === "sv"
    ? render(
        "sv",
        input.supportEmail,
        `${input.operativeName} svarade inte: uppdraget ${days} är släppt`,
        [
          `${input.operativeName} tackade inte ja till uppdraget i ${input.location} (${days}) före svarstiden. Uppdraget är släppt; erbjud bokningen till någon annan.`,
        ],
        { label: "Öppna bokningen", link },
      )
    : render(
        "en",
        input.supportEmail,
        `${input.operativeName} did not answer: the assignment of ${days} is released`,
        [
          `${input.operativeName} did not accept the assignment in ${input.location} (${days}) before the deadline. It is released; please offer the booking to someone else.`,
        ],
        { label: "Open the booking", link },
      );
}

export function renderIncidentAlertMail(input: {
  language: MailLanguage;
  bookingId: string;
  operativeName: string;
  occurredAt: string;
  text: string;
  supportEmail: string;
  appUrl: string;
}): Rendered {
  const when = formatInstant(input.occurredAt, input.language);
  const link = `${input.appUrl}/admin/bookings/${input.bookingId}`;
  return input.language === "sv"
    ? render(
        "sv",
        input.supportEmail,
        `Röd incidentrapport från ${input.operativeName}`,
        [`${input.operativeName} rapporterade en röd incident ${when}:`, input.text],
        { label: "Granska rapporten", link },
      )
    : render(
        "en",
        input.supportEmail,
        `Red incident report from ${input.operativeName}`,
        [`${input.operativeName} reported a red incident at ${when}:`, input.text],
        { label: "Review the report", link },
      );
}
