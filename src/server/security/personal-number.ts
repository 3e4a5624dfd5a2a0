import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

// ADR 272: a Swedish personal identity number (personnummer, 12 digits from BankID) is personal
// data of a special kind in Swedish law (Dataskyddslagen 3 kap. 10 §): stored only encrypted, with
// AES-256-GCM under BANKID_PERSONAL_NUMBER_KEY (GDPR Art. 32), found again through a keyed hash
// (HMAC-SHA256 under the same key, separated by label) so no query needs it in clear, and shown
// masked. The data export decrypts it for its owner (GDPR Art. 15).

const version = "v1";

function subKey(key: Buffer, label: string): Buffer {
  return createHmac("sha256", key).update(label).digest();
}

export function encryptPersonalNumber(key: Buffer, personalNumber: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", subKey(key, "personal-number-encryption"), iv);
  const sealed = Buffer.concat([cipher.update(personalNumber, "utf8"), cipher.final()]);
  return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

export function decryptPersonalNumber(key: Buffer, stored: string): string {
  const [prefix, body] = stored.split(".");
  if (prefix !== version || !body) throw new Error("Unknown personal number encoding");
  const bytes = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", subKey(key, "personal-number-encryption"), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/** The lookup value of a personal number: equal numbers give equal values, the number cannot be read back. */
export function personalNumberLookup(key: Buffer, personalNumber: string): string {
  return createHmac("sha256", subKey(key, "personal-number-lookup")).update(personalNumber).digest("hex");
}

/** '199001011234' → '19900101-****': the birth date a person recognises, not the last four digits. */
export function maskPersonalNumber(personalNumber: string): string {
  return /^\d{12}$/.test(personalNumber) ? `${personalNumber.slice(0, 8)}-****` : "****";
}
