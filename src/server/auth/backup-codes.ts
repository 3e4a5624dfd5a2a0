import { randomInt } from "node:crypto";

// ADR 116 (WCAG 2.2 3.3.8 Accessible Authentication): a backup code is read off paper or a screen
// and typed by hand, so its alphabet leaves out the characters that look alike in common fonts
// (0/O, 1/I/l) and lower case altogether: 31 symbols, 10 of them per code ≈ 49 bits, drawn with
// the operating system's CSPRNG. The shape stays Better Auth's XXXXX-XXXXX.

export const backupCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const backupCodeCount = 10;
const halfLength = 5;

function randomPart(): string {
  let part = "";
  for (let index = 0; index < halfLength; index += 1) part += backupCodeAlphabet[randomInt(backupCodeAlphabet.length)];
  return part;
}

/** Better Auth's `backupCodeOptions.customBackupCodesGenerate`. */
export function generateBackupCodes(): string[] {
  return Array.from({ length: backupCodeCount }, () => `${randomPart()}-${randomPart()}`);
}
