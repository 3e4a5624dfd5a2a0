import { describe, expect, it } from "vitest";
import { affiliateApplicationSchema, affiliateAudiences } from "../../../shared/affiliate.ts";
import { translationDifferences } from "../../components/translation-parity.ts";
import { affiliateEnglish, affiliateSwedish } from "./affiliate-content.ts";

describe("affiliate page copy", () => {
  it("has a complete Swedish translation", () => {
    expect(translationDifferences(affiliateEnglish, affiliateSwedish)).toEqual([]);
  });

  it("names every audience of the shared schema", () => {
    expect(Object.keys(affiliateEnglish.form.audienceOptions).sort()).toEqual([...affiliateAudiences].sort());
  });

  it("has a translated message for every error the schema gives on bad input", () => {
    const result = affiliateApplicationSchema.safeParse({
      fullName: "x".repeat(200),
      email: "nope",
      audience: "spy",
      message: "y".repeat(2001),
    });
    expect(result.success).toBe(false);
    const errors = affiliateEnglish.form.errors as Record<string, Record<string, string>>;
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0]);
      expect(errors[field]?.[issue.code] ?? errors[field]?.default, `${field} ${issue.code}`).toBeTruthy();
    }
    const empty = affiliateApplicationSchema.safeParse({ fullName: "", email: "", audience: "" });
    expect(empty.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.code}`).sort()).toEqual([
      "audience:invalid_value",
      "email:invalid_format",
      "fullName:too_small",
    ]);
  });
});
