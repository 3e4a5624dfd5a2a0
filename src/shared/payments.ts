import { formatDay } from "./time.ts";
import { formatMoney } from "./money.ts";
import type { BookingStatus } from "./booking-lifecycle.ts";
import { translator } from "./translator.ts";
import type { Catalogue } from "./translations.ts";
import type { Language } from "./languages.ts";

// docs/payments.md. The payment side of a booking, shared by the server (which alone writes it) and
// the web (which words it). A booking's payment status is a field of its own beside its booking
// status (ADR 130): neither is derived from the other, and every sentence shown to a customer or
// written in a mail is made from both by `paymentSentence` below.

/** What a payment row is for. */
export const paymentPurposes = ["hold", "charge_on_confirmation", "difference"] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/** The ledger's event types (ADR 131): every row has an amount, an actor and a time. */
export const paymentEventTypes = ["authorised", "captured", "voided", "refunded", "failed"] as const;
export type PaymentEventType = (typeof paymentEventTypes)[number];

/** The booking's payment status (ADR 130). */
export const paymentStatuses = [
  "none",
  "authorised",
  "card_saved",
  "paid",
  "partially_refunded",
  "refunded",
  "released",
  "failed",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** One ledger row as the operator's view and the folds read it. */
export type PaymentEventView = {
  id: string;
  paymentId: string;
  type: PaymentEventType;
  amountCents: number;
  reason: string | null;
  actorRole: string;
  actorUserId: string | null;
  createdAt: string;
};

/** Where one payment stands, folded from its events in order. */
export type PaymentPosition = {
  state: "open" | "authorised" | "captured" | "voided" | "failed";
  authorisedCents: number;
  capturedCents: number;
  refundedCents: number;
};

export function foldPayment(events: readonly Pick<PaymentEventView, "type" | "amountCents">[]): PaymentPosition {
  const position: PaymentPosition = { state: "open", authorisedCents: 0, capturedCents: 0, refundedCents: 0 };
  for (const event of events) {
    if (event.type === "authorised") {
      position.state = "authorised";
      position.authorisedCents = event.amountCents;
    } else if (event.type === "captured") {
      position.state = "captured";
      position.capturedCents += event.amountCents;
    } else if (event.type === "voided") position.state = "voided";
    else if (event.type === "refunded") position.refundedCents += event.amountCents;
    else if (position.state === "open") position.state = "failed";
  }
  return position;
}

/** The money summary of a booking: what is held, what was charged, what was given back. */
export type BookingMoney = { heldCents: number; chargedCents: number; refundedCents: number };

export function bookingMoney(positions: readonly PaymentPosition[]): BookingMoney {
  let heldCents = 0;
  let chargedCents = 0;
  let refundedCents = 0;
  for (const position of positions) {
    if (position.state === "authorised") heldCents += position.authorisedCents;
    chargedCents += position.capturedCents;
    refundedCents += position.refundedCents;
  }
  return { heldCents, chargedCents, refundedCents };
}

/** The booking's payment status from its payments' positions (written with each ledger row). */
export function paymentStatusOf(positions: readonly PaymentPosition[]): PaymentStatus {
  if (positions.length === 0) return "none";
  const money = bookingMoney(positions);
  if (money.chargedCents > 0) {
    if (money.refundedCents >= money.chargedCents) return "refunded";
    return money.refundedCents > 0 ? "partially_refunded" : "paid";
  }
  if (money.heldCents > 0) return "authorised";
  const last = positions[positions.length - 1];
  if (last?.state === "open") return "card_saved";
  if (last?.state === "voided") return "released";
  return "failed";
}

/** The payment part of a booking as the API answers it to its customer. */
export type BookingPaymentView = {
  status: PaymentStatus;
  heldCents: number;
  chargedCents: number;
  refundedCents: number;
  /** The amount a card saved for later will be charged on confirmation. */
  dueOnConfirmationCents: number;
  /** A higher total the operator confirmed, waiting for the customer's approval (ADR 133). */
  approvalTotalCents: number | null;
  card: { brand: string; lastFour: string } | null;
  /**
   * A booking paid by invoice (docs/invoices.md): chosen (issued when we confirm) or issued, with
   * its due date and what the bank file has matched so far. Absent for card bookings.
   */
  invoice?: InvoicePosition | null;
};

export type InvoicePosition = { issued: false } | { issued: true; dueDate: string; totalCents: number; status: string };

// ADR 209: the sentences are a catalogue of the product's one translation system, read by the web
// client and the mails alike.
const english = {
  authorisedPending: "Authorised {{amount}} — charged when we confirm",
  authorisedConfirmed: "Authorised {{amount}} — being charged now",
  cardSaved: "Card saved — {{amount}} charged when we confirm",
  paid: "Paid {{amount}}",
  refunded: "Refunded {{amount}}",
  paidAndRefunded: "Paid {{paid}} · Refunded {{refunded}}",
  releasedDone: "Hold released — nothing was charged",
  failed: "Payment failed — nothing was charged",
  needed: "Payment needed — nothing was charged yet",
  none: "No payment taken",
  approval: "New total {{amount}} waiting for your approval",
  invoiceChosen: "Paid by invoice — sent when we confirm",
  invoiceDue: "Invoice due {{day}}",
  invoicePartlyPaid: "Invoice partly paid — the rest due {{day}}",
  invoiceCredited: "Invoice credited — nothing to pay",
  charging: "Charging {{amount}} to your card now",
  released: "Hold of {{amount}} released — nothing was charged",
  notCharged: "Nothing was charged — your saved card will not be charged",
  refunding: "Refund of {{amount}} on its way to your card",
  kept: "Paid {{amount}} — not refundable under the cancellation terms",
};

const swedish: Catalogue<typeof english> = {
  authorisedPending: "{{amount}} reserverat — dras när vi bekräftar",
  authorisedConfirmed: "{{amount}} reserverat — dras nu",
  cardSaved: "Kortet sparat — {{amount}} dras när vi bekräftar",
  paid: "Betalt {{amount}}",
  refunded: "Återbetalt {{amount}}",
  paidAndRefunded: "Betalt {{paid}} · Återbetalt {{refunded}}",
  releasedDone: "Reservationen släppt — inget har dragits",
  failed: "Betalningen misslyckades — inget har dragits",
  needed: "Betalning behövs — inget har dragits än",
  none: "Ingen betalning dragen",
  approval: "Nytt totalbelopp {{amount}} väntar på ditt godkännande",
  invoiceChosen: "Betalas mot faktura — skickas när vi bekräftar",
  invoiceDue: "Faktura förfaller {{day}}",
  invoicePartlyPaid: "Fakturan delvis betald — resten förfaller {{day}}",
  invoiceCredited: "Fakturan krediterad — inget att betala",
  charging: "{{amount}} dras från ditt kort nu",
  released: "Reservationen på {{amount}} släppt — inget har dragits",
  notCharged: "Inget har dragits — ditt sparade kort debiteras inte",
  refunding: "Återbetalning av {{amount}} är på väg till ditt kort",
  kept: "Betalt {{amount}} — återbetalas inte enligt avbokningsvillkoren",
};

export const paymentSentenceCopy = { en: english, sv: swedish };

/** The sentences in the reader's language (a language tag such as `sv-SE` counts as Swedish). */
function sentences(language: string) {
  return translator(paymentSentenceCopy, language.startsWith("sv") ? "sv" : "en");
}

/**
 * What happened to the money, in the reader's language, from the booking's status AND its payment
 * status (ADR 130): "Authorised €X — charged when we confirm", "Paid €X", "Refunded €Y".
 */
export function paymentSentence(bookingStatus: BookingStatus, payment: BookingPaymentView, language: string): string {
  const t = sentences(language);
  const money = (cents: number) => formatMoney(cents, language);
  switch (payment.status) {
    case "authorised":
      return bookingStatus === "pending"
        ? t("authorisedPending", { amount: money(payment.heldCents) })
        : t("authorisedConfirmed", { amount: money(payment.heldCents) });
    case "card_saved":
      // ADR 225: the operator said yes; the charge is on its way.
      return bookingStatus === "payment_needed"
        ? t("charging", { amount: money(payment.dueOnConfirmationCents) })
        : t("cardSaved", { amount: money(payment.dueOnConfirmationCents) });
    case "paid":
      return t("paid", { amount: money(payment.chargedCents) });
    case "partially_refunded":
      return t("paidAndRefunded", { paid: money(payment.chargedCents), refunded: money(payment.refundedCents) });
    case "refunded":
      return t("refunded", { amount: money(payment.refundedCents) });
    case "released":
      return t("releasedDone");
    case "failed":
      return bookingStatus === "payment_needed" ? t("needed") : t("failed");
    case "none":
      return payment.invoice ? invoiceSentence(payment.invoice, language) : t("none");
  }
}

/** A booking paid by invoice: "Invoice due 12 Dec", "Paid €X" once the bank file matched it. */
export function invoiceSentence(invoice: InvoicePosition, language: string): string {
  const t = sentences(language);
  if (!invoice.issued) return t("invoiceChosen");
  const due = formatDay(invoice.dueDate, language);
  switch (invoice.status) {
    case "paid":
    case "overpaid":
    case "settled":
      return t("paid", { amount: formatMoney(invoice.totalCents, language) });
    case "partly-paid":
      return t("invoicePartlyPaid", { day: due });
    case "credited":
      return t("invoiceCredited");
    default:
      return t("invoiceDue", { day: due });
  }
}

/**
 * What a decision or a cancellation does to the money (ADR 139): the transition queues its provider
 * calls in its own transaction (ADR 132), so the mail about it may be written before or after the
 * bank answers. The sentence says what was done when the ledger shows it ("Paid €X", "Refunded
 * €Y"), and what is being done otherwise ("Charging €X", "Refund of €Y on its way").
 * - charge: the booking was confirmed (holds captured, saved cards charged, up to the total);
 * - release: declined, or cancelled with nothing taken yet (holds released);
 * - refund: cancelled by us, or by the customer before the refund deadline (docs/product.md §9);
 * - keep: cancelled by the customer after the deadline (money taken is kept; holds released).
 */
export type Settlement = "charge" | "release" | "refund" | "keep";

export function settlementSentence(
  settlement: Settlement,
  payment: BookingPaymentView,
  totalCents: number,
  language: string,
): string | null {
  const t = sentences(language);
  const money = (cents: number) => formatMoney(cents, language);
  if (payment.status === "none") return payment.invoice ? invoiceSentence(payment.invoice, language) : null;
  const left = payment.chargedCents - payment.refundedCents;
  if (settlement === "charge") {
    if (payment.status === "authorised" || payment.status === "card_saved") {
      const agreed = payment.heldCents + payment.dueOnConfirmationCents;
      return t("charging", { amount: money(Math.min(totalCents, agreed)) });
    }
    return paymentSentence("confirmed", payment, language);
  }
  if (payment.chargedCents === 0) {
    if (payment.status === "authorised") return t("released", { amount: money(payment.heldCents) });
    if (payment.status === "card_saved") return t("notCharged");
    return paymentSentence("cancelled_by_customer", payment, language);
  }
  if (settlement === "keep")
    return left > 0 ? t("kept", { amount: money(left) }) : paymentSentence("cancelled_by_customer", payment, language);
  // release or refund with money taken: all of it goes back (the lifecycle refunds what is left).
  return left > 0 ? t("refunding", { amount: money(left) }) : t("refunded", { amount: money(payment.refundedCents) });
}

/** The approval line of a booking whose confirmed total is higher than what the customer agreed to. */
export function approvalSentence(payment: BookingPaymentView, language: string): string | null {
  if (payment.approvalTotalCents === null) return null;
  return sentences(language)("approval", { amount: formatMoney(payment.approvalTotalCents, language) });
}

/** Why a card was refused, in plain words (the provider's code → the customer's sentence). */
export const declineCodes = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "authentication_required",
  "authentication_abandoned",
] as const;
export type DeclineCode = (typeof declineCodes)[number];

const declineEnglish = {
  card_declined: "Your card was declined by your bank. No booking was made. Please use another card or contact your bank.",
  insufficient_funds: "Your card has insufficient funds for this amount. No booking was made. Please use another card.",
  expired_card: "Your card has expired. No booking was made. Please use another card.",
  authentication_required: "Your bank asks you to confirm this payment. Please complete the bank's check to finish the booking.",
  authentication_abandoned: "The bank's check was not completed, so nothing was charged and no booking was made. You can try again.",
} satisfies Record<DeclineCode, string>;

const declineSwedish: Catalogue<typeof declineEnglish> = {
  card_declined: "Ditt kort nekades av banken. Ingen bokning gjordes. Använd ett annat kort eller kontakta din bank.",
  insufficient_funds: "Det saknas täckning på kortet för beloppet. Ingen bokning gjordes. Använd ett annat kort.",
  expired_card: "Kortet har gått ut. Ingen bokning gjordes. Använd ett annat kort.",
  authentication_required: "Din bank vill att du bekräftar betalningen. Slutför bankens kontroll för att boka.",
  authentication_abandoned: "Bankens kontroll slutfördes inte, så inget drogs och ingen bokning gjordes. Du kan försöka igen.",
};

/** The refusal's sentence by language and code (ADR 209: a catalogue, English the reference). */
export const declineMessageCopy = { en: declineEnglish, sv: declineSwedish };

// A card refused while it is only being saved (the wallet, or a new card in the payment step):
// nothing was to be paid, so the sentence says the bank declined the card and it was not saved.
const savingDeclineEnglish = {
  card_declined: "Your bank declined this card, so it could not be saved. Please use another card or contact your bank.",
  insufficient_funds: "Your bank declined this card, so it could not be saved. Please use another card.",
  expired_card: "This card has expired, so it could not be saved. Please use another card.",
  authentication_required: "Your bank asks you to confirm this card. Please complete the bank's check to save it.",
  authentication_abandoned: "The bank's check was not completed, so the card was not saved. You can try again.",
} satisfies Record<DeclineCode, string>;

const savingDeclineSwedish: Catalogue<typeof savingDeclineEnglish> = {
  card_declined: "Banken nekade kortet, så det kunde inte sparas. Använd ett annat kort eller kontakta din bank.",
  insufficient_funds: "Banken nekade kortet, så det kunde inte sparas. Använd ett annat kort.",
  expired_card: "Kortet har gått ut, så det kunde inte sparas. Använd ett annat kort.",
  authentication_required: "Din bank vill att du bekräftar kortet. Slutför bankens kontroll för att spara det.",
  authentication_abandoned: "Bankens kontroll slutfördes inte, så kortet sparades inte. Du kan försöka igen.",
};

/** The refusal's sentence of a card being saved, by language and code. */
export const savingDeclineMessageCopy = { en: savingDeclineEnglish, sv: savingDeclineSwedish };

/** Why a card was refused: when paying (no booking was made) or when only saving it (not saved). */
export function declineSentence(code: DeclineCode, language: Language, when: "paying" | "saving"): string {
  return (when === "saving" ? savingDeclineMessageCopy : declineMessageCopy)[language][code];
}

export function isDeclineCode(value: string): value is DeclineCode {
  return (declineCodes as readonly string[]).includes(value);
}

// ADR 298: the consent rule lives in a module of its own, so the booking page's first chunk reads it
// without this module's sentences.
export { needsChargeLaterConsent } from "./charge-later-consent.ts";
