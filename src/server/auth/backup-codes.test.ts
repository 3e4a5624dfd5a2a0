import { describe, expect, it } from "vitest";
import { backupCodeSchema } from "../../shared/account-security.ts";
import { backupCodeAlphabet, generateBackupCodes } from "./backup-codes.ts";

// ADR 116: backup codes have no characters that look alike (0/O, 1/I/l) and no lower case.

describe("backup codes", () => {
  it("are ten distinct XXXXX-XXXXX codes the sign-in form accepts", () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(backupCodeSchema.parse(code)).toBe(code);
    }
  });

  it("never use a look-alike character", () => {
    expect(backupCodeAlphabet).not.toMatch(/[01ILOl]/);
    const seen = generateBackupCodes()
      .concat(...Array.from({ length: 50 }, generateBackupCodes))
      .join("");
    expect(seen).not.toMatch(/[01ILOa-z]/);
  });
});
