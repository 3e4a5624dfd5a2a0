import { z } from "zod";

// The console's money fields (ADR 201): an amount in euros typed as text, as an operator writes
// it ("1250", "1250.5", "1 250,50"), turned into the number the API's schemas take.

/** "1250", "1250.5", "1 250,50" → 1250.5; null when it is not an amount with at most two decimals. */
export function parseEuros(text: string): number | null {
  const normalised = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(normalised)) return null;
  return Number(normalised);
}

/** A total typed as text: none when empty, refused when it is not an amount (parseEuros). */
export const eurosText = z
  .string()
  .refine((text) => text.trim() === "" || parseEuros(text) !== null, "invalidTotal")
  .transform((text) => (text.trim() === "" ? undefined : (parseEuros(text) ?? undefined)));
