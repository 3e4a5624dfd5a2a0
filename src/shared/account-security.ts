import { z } from "zod";
import { passwordSchema } from "./account.ts";

// docs/product.md §2 PASSWORD block, the Security Settings' two-factor toggle and DELETE ACCOUNT, written once
// (ADR 027): the forms, the API validators and the types use these. Messages are translation keys
// (validation-messages.ts, securityValidationMessages).

export const totpCodeLength = 6;

/** A password typed again to confirm a sensitive change (2FA on/off, account deletion). */
export const currentPasswordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(128, "validation.passwordLong");

/**
 * docs/product.md §8 'Please fill in both password fields'; the new password follows the sign-up rules
 * (docs/product.md §9: at least 6 characters; Better Auth's 128 maximum) and the server's common-password check.
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "validation.bothPasswordsRequired" }).min(1, "validation.bothPasswordsRequired").max(128),
  newPassword: z.string({ error: "validation.bothPasswordsRequired" }).min(1, "validation.bothPasswordsRequired").pipe(passwordSchema),
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;
export type DisableTwoFactor = z.output<typeof disableTwoFactorSchema>;

export const confirmPasswordSchema = z.object({ password: currentPasswordSchema });

/** RFC 6238 TOTP as authenticator apps show it: 6 digits (spaces typed between groups are dropped). */
export const totpCodeSchema = z
  .string({ error: "validation.totpFormat" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "validation.totpFormat"));

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });

/** Turning two-factor off takes the password and a current code: both factors, as signing in does. */
export const disableTwoFactorSchema = z.object({ password: currentPasswordSchema, code: totpCodeSchema });

/** Better Auth's backup codes are 10 letters or digits with a dash in the middle (XXXXX-XXXXX). */
export const backupCodeSchema = z
  .string({ error: "validation.backupCodeFormat" })
  .trim()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "validation.backupCodeFormat")
  .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

/** The second sign-in step: a code from the authenticator app, or one backup code. */
export const secondFactorSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema, trustDevice: z.boolean().default(false) }),
  z.object({ method: z.literal("backup"), code: backupCodeSchema, trustDevice: z.boolean().default(false) }),
]);
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** GET /api/account/security: what the Security Settings show. */
export type SecurityOverview = { twoFactorEnabled: boolean };

/** POST /api/account/security/two-factor/enable: shown once, before the first code confirms it. */
export type TwoFactorSetup = {
  /** The otpauth:// URI (Key Uri Format) the QR code encodes. */
  totpUri: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
  /** The QR code of totpUri as an SVG document. */
  qrSvg: string;
  backupCodes: string[];
};

/** GET /api/account/security/deletion-check (docs/product.md §2 DELETE ACCOUNT). */
export type DeletionCheck = { upcomingBookings: number };

/** The answer of POST /api/account/sign-in when the account has two-factor authentication on. */
export type SecondFactorRequired = { twoFactorRequired: true };
