import { z } from "zod";
import type { ValidationMessageKey } from "./validation-messages.ts";

// ADR 270: the passkeys of an account, as the security settings list them, and the name a person
// gives one ("Work laptop"). One schema for the server's check and the settings form (ADR 027).

export const passkeyNameMaxLength = 60;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, "validation.passkeyNameRequired" satisfies ValidationMessageKey)
  .max(passkeyNameMaxLength, "validation.passkeyNameLong" satisfies ValidationMessageKey);

export const renamePasskeySchema = z.object({ id: z.string().min(1).max(200), name: passkeyNameSchema });
export const deletePasskeySchema = z.object({ id: z.string().min(1).max(200) });

/** One passkey of the signed-in account: never its public key or credential id. */
export type PasskeySummary = {
  id: string;
  name: string | null;
  createdAt: string | null;
  /** Synced by the platform (iCloud Keychain, Google Password Manager) rather than bound to one device. */
  backedUp: boolean;
};
