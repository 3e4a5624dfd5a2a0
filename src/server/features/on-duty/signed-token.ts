import { constantTimeEqual, makeSignature } from "better-auth/crypto";

// ADR 288: the app's signed tokens of on duty, made with Better Auth's HMAC-SHA-256
// (better-auth/crypto, the primitive that signs its cookies) under AUTH_SECRET; never signing
// code of our own. Each kind of token signs its own purpose, so a principal's link is never a
// checkpoint's code, and a checkpoint's code names its site, so it cannot be used at another.

/** RFC 4648 §5: the signature as it travels in a URL path or a QR code, cut to `length` characters. */
export async function signature(purpose: string, value: string, secret: string, length = 43): Promise<string> {
  const full = (await makeSignature(`${purpose}:${value}`, secret)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  return full.slice(0, length);
}

export async function signatureMatches(purpose: string, value: string, given: string, secret: string, length = 43): Promise<boolean> {
  return constantTimeEqual(await signature(purpose, value, secret, length), given);
}
