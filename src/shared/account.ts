import { z } from "zod";
import { defaultLanguage, languages, type Language } from "./languages.ts";
import { printablePattern, singleLinePattern } from "./text.ts";
import type { ValidationMessageKey } from "./validation-messages.ts";

// docs/product.md §5 and §9: the account rules, written once and used by the forms, the API validators and
// the types (one schema per concept: the forms pick and extend these fields under the same names).
// Messages are translation keys (ADR 027, validation-messages.ts): the forms show them in the
// visitor's language, the server answers their English (the wording of docs/product.md §5).

const unsupportedCharacters: ValidationMessageKey = "validation.unsupportedCharacters";

export const verificationCodeLength = 4;
export const resendCooldownSeconds = 60;
export const verificationCodeValidityMinutes = 10;
export { inactivityTimeoutMinutes } from "./session-policy.ts";
export const minimumPasswordLength = 6;

// A name or an address reaches the invoices: only what their faces print is accepted (ADR 241).
const requiredText = (message: ValidationMessageKey) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(singleLinePattern, unsupportedCharacters)
    .regex(printablePattern, unsupportedCharacters);

/** An optional one-line value (apt/suite, city, country, postcode in the booking dialog's sign-up). */
const optionalLine = (maximum: number) =>
  z.string().trim().max(maximum).regex(singleLinePattern, unsupportedCharacters).regex(printablePattern, unsupportedCharacters).default("");

export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(254, "validation.emailInvalid")
  .pipe(z.email("validation.emailInvalid"))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .min(minimumPasswordLength, "validation.passwordShort")
  .max(128, "validation.passwordLong");

export const languageSchema = z.enum(languages).default(defaultLanguage);

export const checkEmailSchema = z.object({ email: emailSchema });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired").max(128),
});

export const sendCodeSchema = z.object({ email: emailSchema, language: languageSchema });

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{4}$/, "validation.codeFormat"),
});

export const fullNameSchema = requiredText("validation.fullNameRequired").pipe(
  z.string().min(3, "validation.fullNameShort").max(120, "validation.fullNameLong"),
);

/** docs/product.md §5: an optional plus followed by at least 8 digits, spaces, dashes or brackets. */
export const phoneSchema = requiredText("validation.phoneRequired").pipe(
  z
    .string()
    .max(32, "validation.phoneInvalid")
    .regex(/^\+?[\d\s\-()]{8,}$/, "validation.phoneInvalid"),
);

export const streetAddressSchema = requiredText("validation.addressRequired").pipe(
  z.string().min(5, "validation.addressShort").max(200, "validation.addressLong"),
);

const shortText = (message: ValidationMessageKey) => requiredText(message).pipe(z.string().max(100, "validation.tooLong"));

/**
 * Account creation after a verified code. The login page sends the full address; the booking
 * dialog sends one address line (docs/product.md §3 sign-up forms (a) and (b)), so city, country and postcode
 * are optional here and required by the login page's own form schema below.
 */
export const signUpSchema = z.object({
  verificationToken: z.string().min(16).max(200),
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
  phoneNumber: phoneSchema,
  streetAddress: streetAddressSchema,
  aptSuite: optionalLine(50),
  city: optionalLine(100),
  country: optionalLine(100),
  postalCode: optionalLine(20),
  language: languageSchema,
});

/**
 * The login page's personal-details form (docs/product.md §2, §5): the sign-up fields under their own names,
 * with city, country and postcode required and the password typed twice.
 */
export const personalDetailsFormSchema = signUpSchema
  .pick({ fullName: true, phoneNumber: true, streetAddress: true, aptSuite: true, password: true })
  .extend({
    city: shortText("validation.fillAll"),
    country: shortText("validation.fillAll"),
    postalCode: requiredText("validation.fillAll").pipe(z.string().max(20)),
    confirmPassword: z.string().min(1, "validation.fillAll"),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: "validation.mismatch" });

/** The booking dialog's sign-up form (docs/product.md §3 form (b)): one address line, the other parts sent empty. */
export const dialogSignUpFormSchema = signUpSchema.pick({
  email: true,
  password: true,
  fullName: true,
  phoneNumber: true,
  streetAddress: true,
});

export const passwordResetRequestSchema = z.object({ email: emailSchema, language: languageSchema });

export const passwordResetSchema = z.object({
  // A reset token is URL-safe ASCII; anything else is refused here rather than by the database.
  token: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, "validation.resetLinkInvalid"),
  newPassword: z.string().min(1, "validation.newPasswordRequired").pipe(passwordSchema),
});

export type SignUpInput = z.input<typeof signUpSchema>;
export type PersonalDetailsForm = z.input<typeof personalDetailsFormSchema>;
export type DialogSignUpForm = z.infer<typeof dialogSignUpFormSchema>;

/** What GET /api/account/session answers. */
export type AccountSession =
  | { user: null }
  | {
      user: { id: string; email: string; name: string; role: string | null; language: Language };
      /**
       * The newest live event's id when the session was read (ADR 291): the live stream starts after
       * it, so an event between this answer and the stream's opening is sent, not missed.
       */
      liveEventsCursor: number;
    };

/** What GET /api/account/profile answers (docs/product.md §3 profiles, camelCase). */
export type AccountProfile = {
  id: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  avatarUrl: string | null;
  idVerified: boolean;
  language: Language;
};
