import type { bookingStatusTexts, invoiceStatusTexts, paymentStatusTexts } from "./status-texts.ts";
import type { Catalogue } from "./translations.ts";

// ADR 209: the Swedish of src/shared/status-texts.ts (the screens' Swedish chunks and the data export).

export const bookingStatusTextsSwedish: Catalogue<typeof bookingStatusTexts> = {
  pending: "Väntande",
  payment_needed: "Betalning behövs",
  confirmed: "Bekräftad",
  in_progress: "Pågår",
  completed: "Genomförd",
  declined: "Avböjd",
  cancelled_by_customer: "Avbokad",
  cancelled_by_operator: "Avbokad av Nordic Shield",
  awaiting_company_approval: "Väntar på företagets godkännande",
  declined_by_company: "Avböjd av företaget",
};

export const paymentStatusTextsSwedish: Catalogue<typeof paymentStatusTexts> = {
  none: "Ingen",
  authorised: "Reserverad",
  card_saved: "Kort sparat",
  paid: "Betald",
  partially_refunded: "Delvis återbetald",
  refunded: "Återbetald",
  released: "Släppt",
  failed: "Misslyckad",
};

export const invoiceStatusTextsSwedish: Catalogue<typeof invoiceStatusTexts> = {
  unpaid: "Obetald",
  paid: "Betald",
  "partly-paid": "Delvis betald",
  overpaid: "Överbetald",
  credited: "Krediterad",
  settled: "Reglerad",
};
