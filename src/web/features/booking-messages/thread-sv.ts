import type { Catalogue } from "../../lib/i18n.ts";
import type { english } from "./thread-translations.ts";

// A booking's message thread in Swedish, a chunk of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<typeof english> = {
  heading: "Meddelanden",
  customerIntro: "Skriv till Nordic Shield om den här bokningen. Vi svarar inom 24 timmar.",
  staffIntro: "Konversationen med kunden. Dina svar signeras bara med ditt förnamn.",
  listLabel: "Meddelanden om den här bokningen, det senaste sist",
  loading: "Hämtar meddelanden…",
  loadFailed: "Meddelandena kunde inte hämtas",
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
