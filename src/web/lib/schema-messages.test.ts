import { describe, expect, it } from "vitest";
import { dialogSignUpFormSchema, personalDetailsFormSchema } from "../../shared/account.ts";
import { affiliateApplicationSchema } from "../../shared/affiliate.ts";
import { createBookingSchema, serviceOptionsSchema } from "../../shared/booking.ts";
import { emergencyContactSchema } from "../../shared/emergency-contacts.ts";
import {
  accountValidationMessages,
  affiliateValidationMessages,
  bookingValidationMessages,
  emergencyContactValidationMessages,
  threadValidationMessages,
  validationMessageInEnglish,
} from "../../shared/validation-messages.ts";
import { affiliateEnglish } from "../features/affiliate/affiliate-content.ts";
import { affiliateSwedish } from "../features/affiliate/affiliate-content-sv.ts";
import "../features/auth/auth-translations.ts";
import { bookingNamespace } from "../features/booking/booking-copy.ts";
import { emergencyContactsNamespace } from "../features/emergency-contacts/emergency-contacts-translations.ts";
import { threadMessageSchema } from "../../shared/booking-messages.ts";
import { threadNamespace } from "../features/booking-messages/thread-translations.ts";
import { i18n, isTranslationKey, type Language, type Namespace, loadLanguage } from "./i18n.ts";

// ADR 204: the Swedish catalogues arrive in their own chunks, as on a Swedish page.
await loadLanguage("sv");

// ADR 027: a schema's messages are translation keys. A key the web cannot show in English and
// Swedish would reach a visitor as `validation.something`, so every message these schemas give on
// bad input must be a key of its concept, and every key of a concept must have both texts.

type Concept = {
  name: string;
  messages: Record<string, string>;
  failures: () => string[];
  text: (language: Language, key: string) => string;
};

const issuesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];
const throughI18n = (namespace: Namespace) => (language: Language, key: string) =>
  isTranslationKey(namespace, key) ? i18n.getFixedT(language, namespace)(key) : key;

const longText = "x".repeat(2001);
const hidden = "Oslo\u202e";
// The booking's id is made by the page, never typed by a visitor; its zod default message is fine.
const bookingId = "0b5c1f0e-4a8d-4c1b-9b1e-2f3a4b5c6d7e";

const concepts: Concept[] = [
  {
    name: "account",
    messages: accountValidationMessages,
    failures: () => [
      ...issuesOf(dialogSignUpFormSchema.safeParse({})),
      ...issuesOf(
        dialogSignUpFormSchema.safeParse({ email: "nope", password: "x", fullName: "A", phoneNumber: "1", streetAddress: hidden }),
      ),
      ...issuesOf(personalDetailsFormSchema.safeParse({ fullName: longText, password: longText, confirmPassword: "other" })),
    ],
    text: throughI18n("auth"),
  },
  {
    name: "booking",
    messages: bookingValidationMessages,
    failures: () => [
      ...issuesOf(createBookingSchema.safeParse({ bookingId })),
      ...issuesOf(createBookingSchema.safeParse({ bookingId, location: " ", startDate: "someday", services: [] })),
      ...issuesOf(
        createBookingSchema.safeParse({
          bookingId,
          location: longText,
          services: Array(11).fill({ serviceId: "a", options: { guards: 1, days: 1 } }),
        }),
      ),
      ...issuesOf(createBookingSchema.safeParse({ bookingId, location: hidden, notes: "\u0000" })),
      ...issuesOf(serviceOptionsSchema.safeParse({})),
      ...issuesOf(serviceOptionsSchema.safeParse({ guards: 0.5, days: 0.5 })),
      ...issuesOf(serviceOptionsSchema.safeParse({ guards: 0, days: 0 })),
      ...issuesOf(serviceOptionsSchema.safeParse({ guards: 11, days: 366 })),
    ],
    text: throughI18n(bookingNamespace),
  },
  {
    name: "affiliate",
    messages: affiliateValidationMessages,
    failures: () => [
      ...issuesOf(affiliateApplicationSchema.safeParse({ fullName: "", email: "", audience: "" })),
      ...issuesOf(affiliateApplicationSchema.safeParse({ fullName: longText, email: "nope", audience: "spy", message: longText })),
      ...issuesOf(affiliateApplicationSchema.safeParse({ fullName: hidden, email: "a@example.com", audience: "other", message: "\u0000" })),
    ],
    // The affiliate page registers this copy as its namespace (affiliate-page.tsx).
    text: (language, key) => {
      const texts: Record<string, string> = (language === "sv" ? affiliateSwedish : affiliateEnglish).validation;
      return texts[key.slice("validation.".length)] ?? key;
    },
  },
  {
    name: "emergency contact",
    messages: emergencyContactValidationMessages,
    failures: () => [
      ...issuesOf(emergencyContactSchema.safeParse({})),
      ...issuesOf(emergencyContactSchema.safeParse({ name: " ", phone: "12ab", email: "nope" })),
      ...issuesOf(emergencyContactSchema.safeParse({ name: longText, phone: longText, email: longText })),
      ...issuesOf(emergencyContactSchema.safeParse({ name: hidden, phone: "+46 70 123 45 67" })),
    ],
    text: throughI18n(emergencyContactsNamespace),
  },
  {
    name: "thread message",
    messages: threadValidationMessages,
    failures: () => [
      ...issuesOf(threadMessageSchema.safeParse({})),
      ...issuesOf(threadMessageSchema.safeParse({ text: "  " })),
      ...issuesOf(threadMessageSchema.safeParse({ text: "x".repeat(4001) })),
      ...issuesOf(threadMessageSchema.safeParse({ text: hidden })),
    ],
    text: throughI18n(threadNamespace),
  },
];

describe.each(concepts)("the $name schemas' messages", ({ messages, failures, text }) => {
  it("are translation keys of their concept", () => {
    const given = failures();
    expect(given.length).toBeGreaterThan(0);
    for (const message of given) expect(Object.keys(messages), message).toContain(message);
  });

  it("each have the server's English and a Swedish text", () => {
    for (const [key, english] of Object.entries(messages)) {
      expect(validationMessageInEnglish(key)).toBe(english);
      expect(text("en", key), key).toBe(english);
      const swedish = text("sv", key);
      expect(swedish, key).not.toBe(key);
      expect(swedish, key).not.toBe(english);
    }
  });
});
