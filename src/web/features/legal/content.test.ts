import { describe, expect, it } from "vitest";
import { translationDifferences } from "../../components/translation-parity.ts";
import { cookiesEnglish } from "./cookies-content.ts";
import { cookiesSwedish } from "./cookies-content-sv.ts";
import { privacyEnglish } from "./privacy-content.ts";
import { privacySwedish } from "./privacy-content-sv.ts";
import { securityEnglish } from "./security-content.ts";
import { securitySwedish } from "./security-content-sv.ts";
import { termsEnglish } from "./terms-content.ts";
import { termsSwedish } from "./terms-content-sv.ts";

const sectionIds = (content: { sections: { id: string }[] }) => content.sections.map((section) => section.id);

describe("legal page copy", () => {
  it("has a complete Swedish translation of every page", () => {
    expect(translationDifferences(termsEnglish, termsSwedish)).toEqual([]);
    expect(translationDifferences(privacyEnglish, privacySwedish)).toEqual([]);
    expect(translationDifferences(securityEnglish, securitySwedish)).toEqual([]);
    expect(translationDifferences(cookiesEnglish, cookiesSwedish)).toEqual([]);
  });

  it("gives the Privacy Policy the seven sections and seven GDPR rights of docs/product.md §2", () => {
    expect(sectionIds(privacyEnglish)).toEqual([
      "introduction",
      "data-controller",
      "information-collected",
      "use",
      "gdpr-rights",
      "security",
      "contact",
    ]);
    const rights = privacyEnglish.sections.find((section) => section.id === "gdpr-rights")?.list ?? [];
    const named = rights.map((right) => right.split(":")[0]);
    expect(named).toEqual(["Access", "Rectification", "Erasure", "Restriction", "Portability", "Objection", "Withdrawing consent"]);
  });

  it("gives the Security page the sections of docs/product.md §2", () => {
    expect(sectionIds(securityEnglish)).toEqual([
      "measures",
      "payment-security",
      "data-protection",
      "access-control",
      "incident-response",
      "compliance",
      "reporting-issues",
    ]);
  });

  it("gives the Cookies Policy the sections of docs/product.md §2 and the four cookie types", () => {
    expect(sectionIds(cookiesEnglish)).toEqual([
      "cookie-usage",
      "types-of-cookies",
      "cookie-management",
      "your-cookie-choices",
      "managing-cookies",
      "third-party-cookies",
      "updates",
      "contact-us",
    ]);
    const types = cookiesEnglish.sections.find((section) => section.id === "types-of-cookies")?.list ?? [];
    expect(types.map((type) => type.split(":")[0])).toEqual(["Essential", "Functional", "Analytics", "Marketing"]);
    expect(cookiesEnglish.sections.at(-1)?.contact).toBe("email");
  });

  it("credits the GeoNames gazetteer under CC BY 4.0 in the terms", () => {
    const attribution = termsEnglish.sections.find((section) => section.id === "attribution")?.paragraphs?.join(" ") ?? "";
    expect(attribution).toContain("GeoNames");
    expect(attribution).toContain("CC BY 4.0");
  });

  it("never hard-codes the operator's contact details (they come from siteConfig)", () => {
    const everything = JSON.stringify([
      termsEnglish,
      termsSwedish,
      privacyEnglish,
      privacySwedish,
      securityEnglish,
      securitySwedish,
      cookiesEnglish,
      cookiesSwedish,
    ]);
    expect(everything).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i);
    expect(everything).not.toMatch(/\+46/);
  });
});
