import type { CatalogueService } from "./booking.ts";

// ADR 065: /secure-booking is prerendered with the catalogue the build knows, and the server serves
// that HTML only while the live catalogue is the same. Both sides name a catalogue by this digest of
// its JSON (SHA-256, FIPS 180-4, through Web Crypto so it runs wherever the catalogue is read).
// The services must be in the API's shape and order (src/server/catalogue-store.ts builds both).

/** The SHA-256 of the catalogue's JSON, in hexadecimal. */
export async function catalogueFingerprint(services: readonly CatalogueService[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(services)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
