import { z } from "zod";
import { defaultLanguage, languages } from "./languages.ts";
import { multiLinePattern, singleLinePattern } from "./text.ts";
import type { AffiliateValidationMessageKey } from "./validation-messages.ts";

// One schema for the affiliate interest form: the form, the API validator and the types. Messages
// are translation keys (ADR 027): the form shows them in the visitor's language, the server
// answers their English.
export const affiliateAudiences = ["concierge", "travel", "events", "real_estate", "other"] as const;

const message = (key: AffiliateValidationMessageKey) => key;
const unsupportedCharacters = message("validation.unsupportedCharacters");

export const affiliateApplicationSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(3, message("validation.fullNameShort"))
    .max(120, message("validation.nameLong"))
    .regex(singleLinePattern, unsupportedCharacters),
  email: z.email(message("validation.emailInvalid")).trim().max(254, message("validation.emailInvalid")),
  audience: z.enum(affiliateAudiences, message("validation.audienceRequired")),
  message: z.string().trim().max(2000, message("validation.messageLong")).regex(multiLinePattern, unsupportedCharacters).default(""),
  language: z.enum(languages).default(defaultLanguage),
});

export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;
