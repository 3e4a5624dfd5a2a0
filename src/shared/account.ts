import { z } from "zod";
import { defaultLanguage, languages, type Language } from "./languages.ts";
import { singleLinePattern, unsupportedCharactersMessage } from "./text.ts";

// SPEC §5 and §9: the account rules, written once and used by the forms, the API validators and
// the types. Messages are the spec's wording (English); the web layer translates by message key
// where it shows them in Swedish.

export const verificationCodeLength = 4;
export const resendCooldownSeconds = 60;
export const verificationCodeValidityMinutes = 10;
export { inactivityTimeoutMinutes } from "./session-policy.ts";
export const minimumPasswordLength = 6;

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).regex(singleLinePattern, unsupportedCharactersMessage);

/** An optional one-line value (apt/suite, city, country, postcode in the booking dialog's sign-up). */
const optionalLine = (maximum: number) => z.string().trim().max(maximum).regex(singleLinePattern, unsupportedCharactersMessage).default("");

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(minimumPasswordLength, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

export const languageSchema = z.enum(languages).default(defaultLanguage);

export const checkEmailSchema = z.object({ email: emailSchema });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

export const sendCodeSchema = z.object({ email: emailSchema, language: languageSchema });

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{4}$/, "The verification code must be 4 digits"),
});

export const fullNameSchema = requiredText("Full name is required").pipe(
  z.string().min(3, "Full name must be at least 3 characters").max(120, "Full name must be at most 120 characters"),
);

/** SPEC §5: an optional plus followed by at least 8 digits, spaces, dashes or brackets. */
export const phoneSchema = requiredText("Phone number is required").pipe(
  z
    .string()
    .max(32, "Please enter a valid phone number")
    .regex(/^\+?[\d\s\-()]{8,}$/, "Please enter a valid phone number"),
);

export const streetAddressSchema = requiredText("Address is required").pipe(
  z.string().min(5, "Please enter a complete address").max(200, "Please keep the address under 200 characters"),
);

const shortText = (message: string) => requiredText(message).pipe(z.string().max(100, "Please keep this under 100 characters"));

/**
 * Account creation after a verified code. The login page sends the full address; the booking
 * dialog sends one address line (SPEC §3 sign-up forms (a) and (b)), so city, country and postcode
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

/** The login page's personal-details form (SPEC §2, §5): every field but apt/suite required. */
export const personalDetailsFormSchema = z
  .object({
    name: fullNameSchema,
    phone: phoneSchema,
    streetAddress: streetAddressSchema,
    aptSuite: z.string().trim().max(50),
    city: shortText("Please fill in all required fields"),
    country: shortText("Please fill in all required fields"),
    zipCode: requiredText("Please fill in all required fields").pipe(z.string().max(20)),
    password: passwordSchema,
    confirmPassword: z.string().min(1, "Please fill in all required fields"),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

/** The booking dialog's sign-up form (SPEC §3 form (b)). */
export const dialogSignUpFormSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
  phoneNumber: phoneSchema,
  address: streetAddressSchema,
});

export const passwordResetRequestSchema = z.object({ email: emailSchema, language: languageSchema });

export const passwordResetSchema = z.object({
  // A reset token is URL-safe ASCII; anything else is refused here rather than by the database.
  token: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, "This reset link is not valid. Please request a new password reset link."),
  newPassword: z.string().min(1, "Please enter a new password.").pipe(passwordSchema),
});

export type SignUpInput = z.input<typeof signUpSchema>;
export type PersonalDetailsForm = z.infer<typeof personalDetailsFormSchema>;
export type DialogSignUpForm = z.infer<typeof dialogSignUpFormSchema>;

/** What GET /api/account/session answers. */
export type AccountSession = {
  user: { id: string; email: string; name: string; role: string | null; language: Language } | null;
};

/** What GET /api/account/profile answers (SPEC §3 profiles, camelCase). */
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
