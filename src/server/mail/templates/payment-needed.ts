import { formatInstant } from "../../../shared/time.ts";
import type { BuyerVat } from "../../../shared/buyer-vat.ts";
import { priceWords } from "./price-words.ts";
import { formatMoney } from "../../../shared/money.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// ADR 225: the operator said yes, but the card saved for the booking could not be charged. The
// booking is not confirmed: the customer is told why, by when, and where to secure the money
// (complete the bank's check, use another card, or pay by invoice where approved). No calendar
// entry: the booking is not in the customer's calendar as confirmed until the money is secured.

export type PaymentNeededMail = {
  language: MailLanguage;
  reference: string;
  bookingId: string;
  amountCents: number;
  /** ADR 222, 246: the buyer the booking was priced for, whose VAT words the amount carries. */
  buyerVat: BuyerVat;
  /** Whether the bank asked for its extra check (the card itself may still work) or refused. */
  reason: "authentication" | "declined";
  dueAt: string;
  /** ADR 264: the booking is already under way; it stays so, and the money is settled with us. */
  underWay?: boolean;
  supportEmail: string;
  appUrl: string;
};

const english = {
  subject: "Payment needed for booking {{reference}}",
  intro: "We can take your booking {{reference}}, but we could not charge {{amount}} to your card.",
  reason: {
    authentication: "Your bank asks you to confirm the payment yourself (its extra check).",
    declined: "Your bank refused the payment.",
  },
  action:
    "Your booking is not confirmed yet. Please open it and complete the bank's check, pay with another card or, if your company pays by invoice, choose invoice before {{due}}.",
  after: "After that time we may cancel the booking. Nothing has been charged.",
  underWay: {
    action:
      "Your booking is under way and stays so. Please open it and settle the payment with us before {{due}}: reply to this mail or call us, and we will help you pay by another card or by invoice.",
    after: "The amount above has not been charged.",
  },
  open: "Complete the payment",
};

const swedish: Catalogue<typeof english> = {
  subject: "Betalning behövs för bokning {{reference}}",
  intro: "Vi kan ta din bokning {{reference}}, men vi kunde inte dra {{amount}} från ditt kort.",
  reason: {
    authentication: "Din bank vill att du själv bekräftar betalningen (bankens extra kontroll).",
    declined: "Din bank nekade betalningen.",
  },
  action:
    "Din bokning är inte bekräftad än. Öppna den och slutför bankens kontroll, betala med ett annat kort eller, om ditt företag betalar mot faktura, välj faktura före {{due}}.",
  after: "Efter den tiden kan vi avboka bokningen. Inget har dragits.",
  underWay: {
    action:
      "Din bokning pågår och fortsätter som planerat. Öppna den och gör upp betalningen med oss före {{due}}: svara på det här mejlet eller ring oss, så hjälper vi dig att betala med ett annat kort eller mot faktura.",
    after: "Beloppet ovan har inte dragits.",
  },
  open: "Slutför betalningen",
};

export const paymentNeededCopy = { en: english, sv: swedish };

export function renderPaymentNeededMail(input: PaymentNeededMail) {
  const t = translator(paymentNeededCopy, input.language);
  const subject = t("subject", { reference: input.reference });
  const intro = t("intro", {
    reference: input.reference,
    amount: `${formatMoney(input.amountCents, input.language)} (${priceWords(input.buyerVat, 0, input.language).note})`,
  });
  const reason = t(input.reason === "authentication" ? "reason.authentication" : "reason.declined");
  const action = t(input.underWay ? "underWay.action" : "action", { due: formatInstant(input.dueAt, input.language) });
  const after = t(input.underWay ? "underWay.after" : "after");
  const link = `${input.appUrl}/customer-dashboard/bookings/${encodeURIComponent(input.bookingId)}`;
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: `${intro} ${reason}` }),
      createElement(Paragraph, { text: action }),
      createElement(Paragraph, { text: after }),
      createElement(Action, { href: link, label: t("open") }),
    ),
  });
}
