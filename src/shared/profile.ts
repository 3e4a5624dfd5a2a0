import { z } from "zod";
import { channelChoicesSchema, quietHoursSchema, type ChannelChoices, type NotificationKind, type QuietHours } from "./notifications.ts";
import { emailSchema, fullNameSchema, phoneSchema, streetAddressSchema, verificationCodeLength } from "./account.ts";
import { languages } from "./languages.ts";
import { printablePattern, singleLinePattern } from "./text.ts";
import type { ProfileValidationMessageKey } from "./validation-messages.ts";

// docs/product.md §2 customer dashboard: the profile's contact details, additional e-mails, avatar and
// notification preferences, written once for the forms, the API validators and the types. An edited
// field must not be empty after trimming ('{field} cannot be empty', docs/product.md §5 'Field edits'); the
// other rules are the sign-up's (src/shared/account.ts), so a value accepted at sign-up is accepted
// here and the other way round.

/** A value that must not be empty after trimming, with that field's own message. */
const notEmpty = (message: ProfileValidationMessageKey) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(singleLinePattern, "validation.unsupportedCharacters")
    .regex(printablePattern, "validation.unsupportedCharacters");

export const profileFieldSchemas = {
  fullName: notEmpty("validation.nameEmpty").pipe(fullNameSchema),
  phoneNumber: notEmpty("validation.phoneEmpty").pipe(phoneSchema),
  address: notEmpty("validation.streetEmpty").pipe(streetAddressSchema),
  city: notEmpty("validation.cityEmpty").pipe(z.string().max(100, "validation.tooLong")),
  country: notEmpty("validation.countryEmpty").pipe(z.string().max(100, "validation.tooLong")),
  postalCode: notEmpty("validation.postcodeEmpty").pipe(z.string().max(20, "validation.tooLong")),
};

export type ProfileField = keyof typeof profileFieldSchemas;
export const profileFields = Object.keys(profileFieldSchemas) as ProfileField[];

/** PATCH /api/profile: any of the editable fields (and the mail language), at least one. */
export const profileUpdateSchema = z
  .strictObject({
    fullName: profileFieldSchemas.fullName.optional(),
    phoneNumber: profileFieldSchemas.phoneNumber.optional(),
    address: profileFieldSchemas.address.optional(),
    city: profileFieldSchemas.city.optional(),
    country: profileFieldSchemas.country.optional(),
    postalCode: profileFieldSchemas.postalCode.optional(),
    language: z.enum(languages).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "validation.nothingToSave" });

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The /customer-profile 'Personal Information' dialog: every field at once (docs/product.md §2). */
export const personalInformationSchema = z.object({
  ...profileFieldSchemas,
  language: z.enum(languages),
});

export type PersonalInformation = z.input<typeof personalInformationSchema>;

/** An additional e-mail; 'Email cannot be empty' before the address rules of sign-up. */
export const additionalEmailSchema = z.object({
  email: z.string({ error: "validation.emailEmpty" }).trim().min(1, "validation.emailEmpty").pipe(emailSchema),
});

export const emailCodeSchema = z.object({
  code: z.string().regex(new RegExp(`^\\d{${verificationCodeLength}}$`), "validation.codeFormat"),
});

/** At most this many additional e-mails per account: enough for work and home, not a mailing list. */
export const maximumAdditionalEmails = 5;

/** What GET /api/profile/emails lists. */
export type ProfileEmail = {
  id: string;
  email: string;
  verified: boolean;
  /** When another code may be sent (docs/product.md §9: once per minute), or null when one may now. */
  resendAvailableAt: string | null;
};

/**
 * docs/product.md §2 notification preferences, extended by ADR 267: the two switches of the
 * profile, and per kind the channels chosen and the quiet hours (both optional when saving, so a
 * client that sends the switches alone keeps the rest).
 */
export const notificationPreferencesSchema = z.strictObject({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  channels: channelChoicesSchema.optional(),
  quietHours: quietHoursSchema.optional(),
});

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What GET /api/profile/notifications answers: the switches, the person's kinds, each kind's channels, the quiet hours. */
export type NotificationSettings = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  kinds: NotificationKind[];
  channels: ChannelChoices;
  quietHours: QuietHours;
};

/** docs/product.md §2 avatar: JPEG, PNG or WebP up to 5 MB, kept as a 256×256 WebP. */
export const avatarMaximumBytes = 5 * 1024 * 1024;
export const avatarAcceptedTypes = ["image/jpeg", "image/png", "image/webp"] as const;
export const avatarSidePixels = 256;

/** Profile fields an account created in the booking dialog has empty (docs/product.md §3 sign-up form (b)). */
export const addressDetailFields = ["city", "country", "postalCode"] as const satisfies readonly ProfileField[];
