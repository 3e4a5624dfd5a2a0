import { z } from "zod";
import { singleLinePattern } from "./text.ts";
import type { EmergencyContactValidationMessageKey } from "./validation-messages.ts";

// docs/product.md §2 SECURITY and §3 emergency_contacts: an I.C.E. (in case of emergency) contact, written
// once for the form, the API validator and the types (ADR 027). docs/product.md §5 shows no validation for
// these contacts; the team must be able to reach the person, so a saved contact has a name and a
// phone number in the docs/product.md §5 phone format, and an e-mail is optional but must look like one.
// Messages are translation keys answered in English by the server (validation-messages.ts).

const message = (key: EmergencyContactValidationMessageKey) => key;

/** At most this many contacts per account: enough for family and a deputy, a bound on storage. */
export const maximumEmergencyContacts = 5;

const emailFormat = z.email();

export const emergencyContactSchema = z.object({
  name: z
    .string({ error: message("validation.contactNameRequired") })
    .trim()
    .min(1, message("validation.contactNameRequired"))
    .max(100, message("validation.tooLong"))
    .regex(singleLinePattern, message("validation.unsupportedCharacters")),
  // docs/product.md §5: an optional plus followed by at least 8 digits, spaces, dashes or brackets.
  phone: z
    .string({ error: message("validation.phoneRequired") })
    .trim()
    .min(1, message("validation.phoneRequired"))
    .max(32, message("validation.phoneInvalid"))
    .regex(/^\+?[\d\s\-()]{8,}$/, message("validation.phoneInvalid")),
  email: z
    .string()
    .trim()
    .max(254, message("validation.emailInvalid"))
    .refine((value) => value === "" || emailFormat.safeParse(value).success, message("validation.emailInvalid"))
    .default(""),
});

export type EmergencyContactInput = z.input<typeof emergencyContactSchema>;

/** A stored contact as the API answers it (owner only). */
export type EmergencyContact = { id: string; name: string; phone: string; email: string; createdAt: string };
