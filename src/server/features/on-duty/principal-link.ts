import { signature, signatureMatches } from "./signed-token.ts";

// ADR 288: the principal's personal link carries `<link id>.<signature>`, the link id signed by
// the app (signed-token.ts). The link row names the booking and can be revoked; the booking's
// active window is checked on every use, so the link works only between "on the way" and "completed".

const purpose = "principal-link";

export async function principalToken(linkId: string, secret: string): Promise<string> {
  return `${linkId}.${await signature(purpose, linkId, secret)}`;
}

/** The link id of a token whose signature is ours; null for anything else (a forged or altered token). */
export async function verifiedLinkId(token: string, secret: string): Promise<string | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return (await signatureMatches(purpose, match[1], match[2], secret)) ? match[1] : null;
}
