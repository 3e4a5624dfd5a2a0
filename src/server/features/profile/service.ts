import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { AccountProfile } from "../../../shared/account.ts";
import { resendCooldownSeconds, verificationCodeValidityMinutes } from "../../../shared/account.ts";
import type { Language } from "../../../shared/languages.ts";
import {
  avatarMaximumBytes,
  maximumAdditionalEmails,
  type NotificationPreferences,
  type NotificationSettings,
  type ProfileEmail,
  type profileUpdateSchema,
} from "../../../shared/profile.ts";
import { enforceRateLimits, RateLimitedError } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { codeDigest, generateCode, maximumFailedAttempts, sameDigest } from "../../auth/verification-codes.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { apiErrorReasons, reasonInEnglish, type ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { isFileName } from "../../storage/storage.ts";
import { UnreadableImageError } from "../../storage/image-signature.ts";
import { toAvatarWebp } from "./avatar-image.ts";
import {
  countWrongCode,
  deleteOwnEmail,
  findOwnEmail,
  findOwnProfile,
  insertOwnEmail,
  listOwnEmails,
  markOwnEmailVerified,
  setOwnAvatar,
  setOwnEmailCode,
  updateOwnProfile,
  updateOwnUserName,
  type IssuedCode,
  type OwnEmailRow,
  type ProfileChanges,
} from "./repo.ts";
import { toAccountProfile } from "../../profile-view.ts";
import { readChannelChoices, saveChannelChoices } from "../../notifications/preferences.ts";

// The profile rules (docs/product.md §2 customer dashboard, §5, §8 dashboard messages, §9). The signed-in
// user's id comes from the session, never from the request: every read and write is of the
// caller's own rows.

// Messages that say what their code's wording says; a refusal that says more names a reason of
// src/shared/api-error-reasons.ts instead (ADR 211).
export const profileMessages = {
  invalidCode: "The verification code you entered is incorrect. Please try again.",
  codeExpired: "This verification code has expired. Please request a new code.",
};

type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** PATCH /api/profile: the given fields; the full name also becomes Better Auth's users.name. */
export async function updateProfile(deps: AppDependencies, userId: string, input: ProfileUpdate): Promise<AccountProfile> {
  const changes: ProfileChanges = {
    ...(input.fullName !== undefined && { full_name: input.fullName }),
    ...(input.phoneNumber !== undefined && { phone_number: input.phoneNumber }),
    ...(input.address !== undefined && { address: input.address }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.country !== undefined && { country: input.country }),
    ...(input.postalCode !== undefined && { postal_code: input.postalCode }),
    ...(input.language !== undefined && { language: input.language }),
  };
  const now = new Date().toISOString();
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await updateOwnProfile(trx, userId, changes, now))) throw notFound("profileNotLoaded");
    if (input.fullName !== undefined) await updateOwnUserName(trx, userId, input.fullName, now);
  });
  return readOwnProfile(deps, userId);
}

/** The profile as GET /api/account/profile answers it (docs/product.md §3 profiles), so the client's cache takes it as it is. */
async function readOwnProfile(deps: AppDependencies, userId: string): Promise<AccountProfile> {
  const row = await findOwnProfile(deps.database.db, userId);
  if (!row) throw notFound("profileNotLoaded");
  return toAccountProfile(row);
}

/** docs/product.md §2 notification preferences with ADR 267's channels per kind and quiet hours. */
export async function readNotificationPreferences(
  deps: AppDependencies,
  user: { id: string; role?: string | null },
): Promise<NotificationSettings> {
  const row = await findOwnProfile(deps.database.db, user.id);
  if (!row) throw notFound("profileNotLoaded");
  return {
    emailNotifications: Number(row.email_notifications) === 1,
    pushNotifications: Number(row.push_notifications) === 1,
    ...(await readChannelChoices(deps.database.db, user)),
  };
}

export async function saveNotificationPreferences(
  deps: AppDependencies,
  user: { id: string; role?: string | null },
  input: NotificationPreferences,
): Promise<NotificationSettings> {
  const now = new Date().toISOString();
  const changes = { email_notifications: input.emailNotifications ? 1 : 0, push_notifications: input.pushNotifications ? 1 : 0 };
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await updateOwnProfile(trx, user.id, changes, now))) throw notFound("profileNotLoaded");
    await saveChannelChoices(trx, user.id, input);
  });
  return readNotificationPreferences(deps, user);
}

// ---- Additional e-mails (docs/product.md §2; ADR 061: they count once confirmed by a 4-digit code) ----

function emailView(row: OwnEmailRow, now: Date): ProfileEmail {
  const available = row.code_sent_at ? new Date(new Date(row.code_sent_at).getTime() + resendCooldownSeconds * 1000) : null;
  return {
    id: row.id,
    email: row.email,
    verified: row.verified_at !== null,
    resendAvailableAt: row.verified_at === null && available && available > now ? available.toISOString() : null,
  };
}

export async function listEmails(deps: AppDependencies, userId: string): Promise<ProfileEmail[]> {
  const now = new Date();
  return (await listOwnEmails(deps.database.db, userId)).map((row) => emailView(row, now));
}

function refuse(field: string, reason: ReasonWithoutValues): HttpError {
  return HttpError.because(400, "invalid_input", reason, { fields: { [field]: apiErrorReasons[reason] } });
}

/** The address may be added (or an existing row changed to it): not the sign-in one, not twice, room left. */
async function checkNewAddress(deps: AppDependencies, user: { id: string; email: string }, email: string, exceptId?: string) {
  if (email === user.email.toLowerCase()) throw refuse("email", "alreadySignInAddress");
  const rows = await listOwnEmails(deps.database.db, user.id);
  if (rows.some((row) => row.email === email && row.id !== exceptId)) throw refuse("email", "emailAlreadyOnProfile");
  if (!exceptId && rows.length >= maximumAdditionalEmails)
    throw HttpError.because(400, "invalid_input", "tooManyAdditionalEmails", {
      values: { limit: maximumAdditionalEmails },
      fields: { email: reasonInEnglish("tooManyAdditionalEmails", { limit: maximumAdditionalEmails }) },
    });
}

function newCode(secret: string, rowId: string, email: string, now: Date): { code: string; issued: IssuedCode } {
  const code = generateCode();
  return {
    code,
    issued: {
      // Bound to the row and the address: a code for one address never confirms another.
      codeHash: codeDigest(secret, "code", `profile-email\u0000${rowId}\u0000${email}`, code),
      expiresAt: new Date(now.getTime() + verificationCodeValidityMinutes * 60_000).toISOString(),
      sentAt: now.toISOString(),
    },
  };
}

async function takeCodeBudget(deps: AppDependencies, userId: string) {
  await enforceRateLimits(
    deps.database.db,
    [
      { rule: rateLimitRules.profileEmailCodesPerAccountHour, subject: userId },
      { rule: rateLimitRules.profileEmailCodesPerAccountDay, subject: userId },
    ],
    "tooManyCodesRequested",
  );
}

async function languageOf(deps: AppDependencies, userId: string): Promise<Language> {
  return (await findOwnProfile(deps.database.db, userId))?.language ?? "en";
}

/** Two requests adding the same address at once: the unique (user_id, email) index refuses the second. */
async function refuseDuplicateOnConflict<T>(deps: AppDependencies, userId: string, email: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const rows = await listOwnEmails(deps.database.db, userId);
    if (rows.some((row) => row.email === email)) throw refuse("email", "emailAlreadyOnProfile");
    throw error;
  }
}

export async function addEmail(deps: AppDependencies, user: { id: string; email: string }, email: string): Promise<ProfileEmail> {
  await checkNewAddress(deps, user, email);
  await takeCodeBudget(deps, user.id);
  const language = await languageOf(deps, user.id);
  const now = new Date();
  const id = randomUUID();
  const { code, issued } = newCode(deps.env.authSecret, id, email, now);
  await refuseDuplicateOnConflict(deps, user.id, email, () =>
    deps.database.db.transaction().execute(async (trx) => {
      await insertOwnEmail(trx, user.id, { id, email, now: now.toISOString(), code: issued });
      await enqueueMail(trx, {
        kind: "email-address-code",
        to: email,
        payload: { language, code, validityMinutes: verificationCodeValidityMinutes },
      });
    }),
  );
  const row = await findOwnEmail(deps.database.db, user.id, id);
  if (!row) throw notFound("emailNotOnProfile");
  return emailView(row, now);
}

export async function changeEmail(
  deps: AppDependencies,
  user: { id: string; email: string },
  id: string,
  email: string,
): Promise<ProfileEmail> {
  const existing = await findOwnEmail(deps.database.db, user.id, id);
  if (!existing) throw notFound("emailNotOnProfile");
  const now = new Date();
  if (existing.email === email) return emailView(existing, now);
  await checkNewAddress(deps, user, email, id);
  await takeCodeBudget(deps, user.id);
  const language = await languageOf(deps, user.id);
  const { code, issued } = newCode(deps.env.authSecret, id, email, now);
  await refuseDuplicateOnConflict(deps, user.id, email, () =>
    deps.database.db.transaction().execute(async (trx) => {
      if (!(await setOwnEmailCode(trx, user.id, id, email, issued))) throw notFound("emailNotOnProfile");
      await enqueueMail(trx, {
        kind: "email-address-code",
        to: email,
        payload: { language, code, validityMinutes: verificationCodeValidityMinutes },
      });
    }),
  );
  const row = await findOwnEmail(deps.database.db, user.id, id);
  if (!row) throw notFound("emailNotOnProfile");
  return emailView(row, now);
}

/** A new code for an unverified address, at most once a minute (docs/product.md §9). */
export async function resendEmailCode(deps: AppDependencies, userId: string, id: string): Promise<ProfileEmail> {
  const existing = await findOwnEmail(deps.database.db, userId, id);
  if (!existing) throw notFound("emailNotOnProfile");
  if (existing.verified_at !== null) throw refuse("email", "emailAlreadyVerified");
  const now = new Date();
  const waitUntil = emailView(existing, now).resendAvailableAt;
  if (waitUntil) {
    const seconds = Math.ceil((new Date(waitUntil).getTime() - now.getTime()) / 1000);
    throw new RateLimitedError("newCodeOncePerMinute", seconds, "resend_cooldown");
  }
  await takeCodeBudget(deps, userId);
  const language = await languageOf(deps, userId);
  const { code, issued } = newCode(deps.env.authSecret, id, existing.email, now);
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await setOwnEmailCode(trx, userId, id, existing.email, issued))) throw notFound("emailNotOnProfile");
    await enqueueMail(trx, {
      kind: "email-address-code",
      to: existing.email,
      payload: { language, code, validityMinutes: verificationCodeValidityMinutes },
    });
  });
  const row = await findOwnEmail(deps.database.db, userId, id);
  if (!row) throw notFound("emailNotOnProfile");
  return emailView(row, now);
}

/** Checks the code typed for an address: at most 5 wrong tries per code, valid 10 minutes (docs/product.md §9). */
export async function verifyEmail(deps: AppDependencies, userId: string, id: string, code: string): Promise<ProfileEmail> {
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.profileEmailVerifyPerAccountHour, subject: userId }]);
  const row = await findOwnEmail(deps.database.db, userId, id);
  if (!row) throw notFound("emailNotOnProfile");
  const now = new Date();
  if (row.verified_at !== null) return emailView(row, now);
  if (!row.code_hash || !row.code_expires_at) throw new HttpError(410, "code_expired", profileMessages.codeExpired);
  if (row.code_failed_attempts >= maximumFailedAttempts) throw HttpError.because(429, "too_many_attempts", "tooManyIncorrectCodes");
  if (new Date(row.code_expires_at) <= now) throw new HttpError(410, "code_expired", profileMessages.codeExpired);
  const typed = codeDigest(deps.env.authSecret, "code", `profile-email\u0000${row.id}\u0000${row.email}`, code);
  if (sameDigest(typed, row.code_hash)) {
    if (!(await markOwnEmailVerified(deps.database.db, userId, id, row.code_hash, now.toISOString()))) {
      throw new HttpError(410, "code_expired", profileMessages.codeExpired);
    }
    const verified = await findOwnEmail(deps.database.db, userId, id);
    if (!verified) throw notFound("emailNotOnProfile");
    return emailView(verified, now);
  }
  const tries = await countWrongCode(deps.database.db, userId, id, row.code_hash, maximumFailedAttempts);
  if (tries === null) throw HttpError.because(429, "too_many_attempts", "tooManyIncorrectCodes");
  const attemptsLeft = Math.max(0, maximumFailedAttempts - tries);
  if (attemptsLeft === 0) throw HttpError.because(429, "too_many_attempts", "tooManyIncorrectCodes");
  throw new HttpError(400, "invalid_code", profileMessages.invalidCode, {
    code: profileMessages.invalidCode,
    attemptsLeft: String(attemptsLeft),
  });
}

export async function removeEmail(deps: AppDependencies, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnEmail(deps.database.db, userId, id))) throw notFound("emailNotOnProfile");
}

// ---- Avatar (docs/product.md §2, §3 'Avatar file': {userId}-avatar) ----

export function avatarFileName(userId: string): string {
  return `${userId}-avatar.webp`;
}

/** Stores the picture as the user's 256×256 WebP and points the profile at a new version of it. */
export async function uploadAvatar(deps: AppDependencies, userId: string, bytes: Uint8Array): Promise<{ avatarUrl: string }> {
  if (bytes.byteLength > avatarMaximumBytes) throw HttpError.because(413, "payload_too_large", "pictureTooLarge");
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.avatarUploadsPerAccountHour, subject: userId }]);
  let webp: Buffer;
  try {
    webp = await toAvatarWebp(bytes);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw refuse("avatar", "unsupportedPicture");
    throw error;
  }
  const profile = await findOwnProfile(deps.database.db, userId);
  if (!profile) throw notFound("profileNotLoaded");
  const name = avatarFileName(userId);
  if (!isFileName(name)) throw new Error("A user id that cannot name a file");
  const key = await deps.storage.putNamed("avatars", name, webp, { contentType: "image/webp" });
  // The version changes the address, so browsers and the long cache of GET never show the old picture.
  const avatarUrl = `/api/profile/avatar?v=${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
  await setOwnAvatar(deps.database.db, userId, { key, url: avatarUrl }, new Date().toISOString());
  if (profile.avatar_key && profile.avatar_key !== key) await deps.storage.delete(profile.avatar_key);
  return { avatarUrl };
}

export async function removeAvatar(deps: AppDependencies, userId: string): Promise<void> {
  const profile = await findOwnProfile(deps.database.db, userId);
  if (!profile) throw notFound("profileNotLoaded");
  await setOwnAvatar(deps.database.db, userId, { key: null, url: null }, new Date().toISOString());
  if (profile.avatar_key) await deps.storage.delete(profile.avatar_key);
}

export async function readAvatar(deps: AppDependencies, userId: string) {
  const profile = await findOwnProfile(deps.database.db, userId);
  const file = profile?.avatar_key ? await deps.storage.get(profile.avatar_key) : null;
  if (!file) throw notFound("noProfilePicture");
  return file;
}
