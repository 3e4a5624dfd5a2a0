import { threadValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §12: the booking's message thread in the dashboard and the console, in English
// (Swedish in its own module, ADR 210). The messages themselves are shown as their authors wrote them.

export const english = {
  heading: "Messages",
  customerIntro: "Write to the Nordic Shield team about this booking. We answer within 24 hours.",
  staffIntro: "The conversation with the customer. Your replies are signed with your first name only.",
  listLabel: "Messages about this booking, the newest last",
  loading: "Loading messages…",
  loadFailed: "The messages could not be loaded",
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

export const threadNamespace = "bookingThread";

registerTranslations(threadNamespace, { en: english, sv: () => import("./thread-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    bookingThread: typeof english;
  }
}
