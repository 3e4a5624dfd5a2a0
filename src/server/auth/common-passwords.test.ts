import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "../jobs/runner.ts";
import { passwordWeakness } from "./common-passwords.ts";

describe("passwordWeakness (docs/product.md §5 'weak password with reasons')", () => {
  it("refuses the most common passwords, case-insensitively, with a reason", () => {
    for (const password of ["123456", "Password123", "QWERTY123", "iloveyou", "lösenord"]) {
      expect(passwordWeakness(password)?.reason).toMatch(/most commonly used/);
    }
  });

  it("refuses repeated characters, simple sequences and the e-mail's own name", () => {
    expect(passwordWeakness("zzzzzzzz")?.reason).toMatch(/repeats/);
    expect(passwordWeakness("abcdefgh")?.reason).toMatch(/sequence/);
    expect(passwordWeakness("98765432")?.reason).toMatch(/sequence/);
    expect(passwordWeakness("annasvensson!", { email: "annasvensson@example.se" })?.reason).toMatch(/email/);
  });

  it("accepts ordinary strong passwords", () => {
    for (const password of ["Granite-Harbour-91", "Northern-Lights-2026", "tröskel fyra sju"])
      expect(passwordWeakness(password)).toBeNull();
  });

  it("accepts any 12+ character password that mixes letters and digits and is not a run", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{6}[0-9]{3}[A-Z]{3}$/), (password) => {
        fc.pre(!/^(.)\1+$/.test(password));
        expect(passwordWeakness(password)).toBeNull();
      }),
    );
  });
});

describe("mail retry backoff", () => {
  it("doubles from the base delay and stops at the cap", () => {
    const options = { baseBackoffMs: 5000, maxBackoffMs: 15 * 60 * 1000 };
    expect([1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, options))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(backoffDelayMs(50, options)).toBe(15 * 60 * 1000);
  });
});
