import { formatMoney } from "../../../shared/money.ts";
import { formatDayRange } from "../../../shared/time.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// The companies' mails (docs/companies.md), in the booking's language: an approver is asked to
// approve a booking its company's rules hold back (ADR 276), a booker learns that the company
// declined it, and an invited address learns of its invitation (ADR 275).

const english = {
  approval: {
    subject: "{{booker}} asks {{company}} to approve a booking",
    body: "{{booker}} booked {{location}}, {{days}}, {{total}}, for {{company}}. The company's rules ask for an approver's yes before the booking reaches Nordic Shield.",
    action: "Approve or decline",
  },
  declined: {
    subject: "{{company}} declined your booking",
    body: "{{company}} declined your booking of {{location}}, {{days}}. It was not sent to Nordic Shield.",
    reason: "Reason: {{reason}}",
    action: "Open your bookings",
  },
  invitation: {
    subject: "You are invited to book for {{company}}",
    body: "{{company}} invites you to its company account at Nordic Shield as {{role}}. Sign in, or create an account, with this e-mail address to accept.",
    action: "See the invitation",
  },
  roles: { owner: "owner", administrator: "administrator", booker: "booker", approver: "approver" },
};

const swedish: Catalogue<typeof english> = {
  approval: {
    subject: "{{booker}} ber {{company}} godkänna en bokning",
    body: "{{booker}} bokade {{location}}, {{days}}, {{total}}, för {{company}}. Företagets regler kräver en godkännares ja innan bokningen når Nordic Shield.",
    action: "Godkänn eller avböj",
  },
  declined: {
    subject: "{{company}} avböjde din bokning",
    body: "{{company}} avböjde din bokning av {{location}}, {{days}}. Den skickades inte till Nordic Shield.",
    reason: "Skäl: {{reason}}",
    action: "Öppna dina bokningar",
  },
  invitation: {
    subject: "Du är inbjuden att boka för {{company}}",
    body: "{{company}} bjuder in dig till sitt företagskonto hos Nordic Shield som {{role}}. Logga in, eller skapa ett konto, med den här e-postadressen för att tacka ja.",
    action: "Se inbjudan",
  },
  roles: { owner: "ägare", administrator: "administratör", booker: "bokare", approver: "godkännare" },
};

export const companyMailsCopy = { en: english, sv: swedish };

/** A company mail: its heading is its subject, then its paragraphs and one action (ADR 258). */
function render(
  language: MailLanguage,
  supportEmail: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; link: string },
) {
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language, preheader: paragraphs[0] ?? subject, heading: subject, supportEmail },
      ...paragraphs.map((paragraph) => createElement(Paragraph, { key: paragraph, text: paragraph })),
      createElement(Action, { href: action.link, label: action.label }),
    ),
  });
}

type BookingFacts = { companyName: string; location: string; startDate: string; endDate: string };

export function renderCompanyApprovalMail(
  input: BookingFacts & {
    language: MailLanguage;
    bookingId: string;
    bookerName: string;
    totalCents: number;
    supportEmail: string;
    appUrl: string;
  },
) {
  const t = translator(companyMailsCopy, input.language);
  const values = {
    booker: input.bookerName,
    company: input.companyName,
    location: input.location,
    days: formatDayRange(input.startDate, input.endDate, input.language),
    total: formatMoney(input.totalCents, input.language),
  };
  // docs/companies.md: the link opens the approval in the company's page, behind sign-in.
  const link = `${input.appUrl}/customer-dashboard/company?approve=${encodeURIComponent(input.bookingId)}`;
  return render(input.language, input.supportEmail, t("approval.subject", values), [t("approval.body", values)], {
    label: t("approval.action"),
    link,
  });
}

export function renderCompanyDeclinedMail(
  input: BookingFacts & { language: MailLanguage; reason: string | null; supportEmail: string; appUrl: string },
) {
  const t = translator(companyMailsCopy, input.language);
  const values = {
    company: input.companyName,
    location: input.location,
    days: formatDayRange(input.startDate, input.endDate, input.language),
  };
  const paragraphs = [t("declined.body", values), ...(input.reason ? [t("declined.reason", { reason: input.reason })] : [])];
  return render(input.language, input.supportEmail, t("declined.subject", values), paragraphs, {
    label: t("declined.action"),
    link: `${input.appUrl}/customer-dashboard`,
  });
}

export function renderCompanyInvitationMail(input: {
  language: MailLanguage;
  companyName: string;
  role: keyof typeof english.roles;
  supportEmail: string;
  appUrl: string;
}) {
  const t = translator(companyMailsCopy, input.language);
  const values = { company: input.companyName, role: t(`roles.${input.role}`) };
  return render(input.language, input.supportEmail, t("invitation.subject", values), [t("invitation.body", values)], {
    label: t("invitation.action"),
    link: `${input.appUrl}/customer-dashboard/company`,
  });
}
