import { constantTimeEqual, makeSignature } from "better-auth/crypto";

// ADR 288: the principal's personal link carries `<link id>.<signature>`, the signature Better
// Auth's HMAC-SHA-256 (better-auth/crypto, the same primitive that signs its cookies) of the link id
// under the app's secret. The link row names the booking and can be revoked; the booking's active
// window is checked on every use, so the link works only between "on the way" and "completed".

const purpose = "principal-link";

/** RFC 4648 §5: the signature as it travels in a URL path. */
const signatureOf = async (linkId: string, secret: string) =>
  (await makeSignature(`${purpose}:${linkId}`, secret)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

export async function principalToken(linkId: string, secret: string): Promise<string> {
  return `${linkId}.${await signatureOf(linkId, secret)}`;
}

/** The link id of a token whose signature is ours; null for anything else (a forged or altered token). */
export async function verifiedLinkId(token: string, secret: string): Promise<string | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/i.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = await signatureOf(match[1], secret);
  return constantTimeEqual(expected, match[2]) ? match[1] : null;
}
