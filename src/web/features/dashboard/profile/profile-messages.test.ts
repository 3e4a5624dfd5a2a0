import { describe, expect, it } from "vitest";
import { additionalEmailSchema, emailCodeSchema, personalInformationSchema, profileUpdateSchema } from "../../../../shared/profile.ts";
import { profileValidationMessages, validationMessageInEnglish } from "../../../../shared/validation-messages.ts";
import { i18n, isTranslationKey } from "../../../lib/i18n.ts";
import { missingFields } from "./missing-details-banner.tsx";
import "./profile-translations.ts";

// ADR 027: the profile schemas' messages are keys. One a customer could meet without an English
// and a Swedish text would show as `validation.something`; '{field} cannot be empty' must read as
// docs/product.md §5 says.

const issuesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("profile messages", () => {
  const failures = [
    ...issuesOf(
      personalInformationSchema.safeParse({
        fullName: " ",
        phoneNumber: "",
        address: "",
        city: "",
        country: "",
        postalCode: "",
        language: "en",
      }),
    ),
    ...issuesOf(
      personalInformationSchema.safeParse({ fullName: "A", phoneNumber: "call", address: "x", city: "x".repeat(101), language: "sv" }),
    ),
    ...issuesOf(profileUpdateSchema.safeParse({})),
    ...issuesOf(additionalEmailSchema.safeParse({ email: "  " })),
    ...issuesOf(additionalEmailSchema.safeParse({ email: "nope" })),
    ...issuesOf(emailCodeSchema.safeParse({ code: "12" })),
  ];

  it("gives only keys of the profile's own list, each with an English and a Swedish text", () => {
    for (const key of failures) {
      expect(Object.keys(profileValidationMessages)).toContain(key);
      for (const language of ["en", "sv"]) {
        expect(isTranslationKey("profile", key), key).toBe(true);
        const text = isTranslationKey("profile", key) ? i18n.getFixedT(language, "profile")(key) : key;
        expect(text, `${language} ${key}`).not.toBe(key);
        expect(text.length).toBeGreaterThan(0);
      }
    }
    expect(i18n.getFixedT("en", "profile")("validation.nameEmpty")).toBe(validationMessageInEnglish("validation.nameEmpty"));
  });

  it("says '{field} cannot be empty' for each empty field, trimmed", () => {
    expect(failures).toEqual(
      expect.arrayContaining([
        "validation.nameEmpty",
        "validation.phoneEmpty",
        "validation.streetEmpty",
        "validation.cityEmpty",
        "validation.countryEmpty",
        "validation.postcodeEmpty",
        "validation.emailEmpty",
      ]),
    );
    expect(validationMessageInEnglish("validation.cityEmpty")).toBe("City cannot be empty");
  });

  it("lists what an account from the booking dialog lacks", () => {
    const profile = {
      id: "u",
      fullName: "Astrid",
      phoneNumber: "+46 70 123 45 67",
      email: "a@example.test",
      address: "Strandvägen 7",
      city: "",
      country: " ",
      postalCode: "",
      avatarUrl: null,
      idVerified: false,
      language: "en" as const,
    };
    expect(missingFields(profile)).toEqual(["city", "country", "postalCode"]);
    expect(missingFields({ ...profile, city: "Malmö", country: "Sweden", postalCode: "211 20" })).toEqual([]);
  });
});
