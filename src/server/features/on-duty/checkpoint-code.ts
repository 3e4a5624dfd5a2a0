import { signature, signatureMatches } from "./signed-token.ts";

// ADR 288 (guard tours): a checkpoint's
// code is `NS1-<checkpoint code>-<site code>-<signature>`, the signature over both codes, so a
// code printed for one site is refused at any other, and a code not made by the app is refused.
// 16 characters of the signature (96 bits) keep the code short enough to type when the camera
// cannot read it.

const purpose = "tour-checkpoint";
const signatureLength = 16;

export async function checkpointCode(siteCode: string, checkpointCode: string, secret: string): Promise<string> {
  return `NS1-${checkpointCode}-${siteCode}-${await signature(purpose, `${siteCode}:${checkpointCode}`, secret, signatureLength)}`;
}

/** The site's and checkpoint's codes of a genuine code; null for anything else. */
export async function verifiedCheckpointCode(code: string, secret: string): Promise<{ siteCode: string; checkpointCode: string } | null> {
  const match = /^NS1-([A-Z0-9]{8})-([A-Z0-9]{8})-([A-Za-z0-9_-]{16})$/.exec(code.trim());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const valid = await signatureMatches(purpose, `${match[2]}:${match[1]}`, match[3], secret, signatureLength);
  return valid ? { checkpointCode: match[1], siteCode: match[2] } : null;
}
