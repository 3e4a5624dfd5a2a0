import { z } from "zod";
import { defaultLanguage, languages } from "./languages.ts";
import { multiLinePattern, singleLinePattern, unsupportedCharactersMessage } from "./text.ts";

// One schema for the affiliate interest form: the form, the API validator and the types.
export const affiliateAudiences = ["concierge", "travel", "events", "real_estate", "other"] as const;

export const affiliateApplicationSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(3, "Full name must be at least 3 characters")
    .max(120, "Please keep the name under 120 characters")
    .regex(singleLinePattern, unsupportedCharactersMessage),
  email: z.email("Please enter a valid email address").trim().max(254, "Please enter a valid email address"),
  audience: z.enum(affiliateAudiences, "Please choose what describes you best"),
  message: z
    .string()
    .trim()
    .max(2000, "Please keep the message under 2000 characters")
    .regex(multiLinePattern, unsupportedCharactersMessage)
    .default(""),
  language: z.enum(languages).default(defaultLanguage),
});

export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;
