import { describe, expect, it } from "vitest";
import { affiliateApplicationSchema, affiliateAudiences } from "../../../shared/affiliate.ts";
import { translationDifferences } from "../../components/translation-parity.ts";
import { affiliateEnglish } from "./affiliate-content.ts";
import { affiliateSwedish } from "./affiliate-content-sv.ts";

describe("affiliate page copy", () => {
  it("has a complete Swedish translation", () => {
    expect(translationDifferences(affiliateEnglish, affiliateSwedish)).toEqual([]);
  });

  it("names every audience of the shared schema", () => {
    expect(Object.keys(affiliateEnglish.form.audienceOptions).sort()).toEqual([...affiliateAudiences].sort());
  });

  it("gives the form's errors on the fields a visitor leaves empty", () => {
    const empty = affiliateApplicationSchema.safeParse({ fullName: "", email: "", audience: "" });
    expect(empty.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.code}`).sort()).toEqual([
      "audience:invalid_value",
      "email:invalid_format",
      "fullName:too_small",
    ]);
  });
});
