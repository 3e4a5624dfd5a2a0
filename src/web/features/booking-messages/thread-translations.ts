import { threadValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §12: the booking's message thread in the dashboard and the console, in English
// and Swedish. The messages themselves are shown as their authors wrote them.

const english = {
  heading: "Messages",
  customerIntro: "Write to the Nordic Shield team about this booking. We answer within 24 hours.",
  staffIntro: "The conversation with the customer. Your replies are signed with your first name only.",
  listLabel: "Messages about this booking, the newest last",
  loading: "Loading messages…",
  loadFailed: "The messages could not be loaded",
  retry: "Try again",
  empty: "No messages yet.",
  you: "You",
  customer: "Customer",
  team: "Nordic Shield",
  staffName: "{{name}}, Nordic Shield",
  accountDeleted: "The customer deleted their account. Their messages were deleted with it.",
  closed: "This thread is closed.",
  newMessage: "Your message",
  hint: "Up to 4,000 characters. Please do not send card numbers or passwords.",
  send: "Send",
  sending: "Sending…",
  sendFailed: "Your message could not be sent",
  unread_one: "{{count}} unread message",
  unread_other: "{{count}} unread messages",
  menuUnread_one: "{{count}} unread message",
  menuUnread_other: "{{count}} unread messages",
  validation: validationTexts(threadValidationMessages),
};

const swedish: typeof english = {
  heading: "Meddelanden",
  customerIntro: "Skriv till Nordic Shield om den här bokningen. Vi svarar inom 24 timmar.",
  staffIntro: "Konversationen med kunden. Dina svar signeras bara med ditt förnamn.",
  listLabel: "Meddelanden om den här bokningen, det senaste sist",
  loading: "Hämtar meddelanden…",
  loadFailed: "Meddelandena kunde inte hämtas",
  retry: "Försök igen",
  empty: "Inga meddelanden ännu.",
  you: "Du",
  customer: "Kund",
  team: "Nordic Shield",
  staffName: "{{name}}, Nordic Shield",
  accountDeleted: "Kunden har raderat sitt konto. Kundens meddelanden raderades med det.",
  closed: "Den här konversationen är stängd.",
  newMessage: "Ditt meddelande",
  hint: "Högst 4 000 tecken. Skicka inte kortnummer eller lösenord.",
  send: "Skicka",
  sending: "Skickar…",
  sendFailed: "Meddelandet kunde inte skickas",
  unread_one: "{{count}} oläst meddelande",
  unread_other: "{{count}} olästa meddelanden",
  menuUnread_one: "{{count}} oläst meddelande",
  menuUnread_other: "{{count}} olästa meddelanden",
  validation: {
    unsupportedCharacters: "Ta bort de tecken som inte stöds.",
    threadMessageRequired: "Skriv ett meddelande först",
    threadMessageLong: "Ett meddelande får vara högst 4 000 tecken",
  },
};

export const threadNamespace = "bookingThread";

registerTranslations(threadNamespace, { en: english, sv: swedish });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    bookingThread: typeof english;
  }
}
