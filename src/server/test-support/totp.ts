import { createHmac } from "node:crypto";

// RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) computed from the base32 secret of an
// otpauth:// URI (RFC 4648 §6 base32), as an authenticator app would: the tests type the code a
// customer's phone shows instead of asking the server for it.

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").replace(/\s+/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of clean) {
    const index = alphabet.indexOf(character);
    if (index < 0) throw new Error(`Not a base32 character: ${character}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The secret of an otpauth:// URI. */
export function secretOfTotpUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}

/** The 6-digit code for a base32 secret at `now` (RFC 6238 §4, RFC 4226 §5.3 truncation). */
export function totpCode(base32Secret: string, now = Date.now(), stepSeconds = 30): string {
  const counter = Math.floor(now / 1000 / stepSeconds);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", base32Decode(base32Secret)).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** A code that is certainly wrong for this secret now (not the current, previous or next one). */
export function wrongTotpCode(base32Secret: string, now = Date.now()): string {
  const near = new Set([-30_000, 0, 30_000].map((shift) => totpCode(base32Secret, now + shift)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}
