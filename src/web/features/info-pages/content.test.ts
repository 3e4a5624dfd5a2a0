import { describe, expect, it } from "vitest";
import { translationDifferences } from "../../components/translation-parity.ts";
import { aboutEnglish } from "./about-content.ts";
import { aboutSwedish } from "./about-content-sv.ts";
import { careersEnglish } from "./careers-content.ts";
import { careersSwedish } from "./careers-content-sv.ts";
import { howItWorksEnglish } from "./how-it-works-content.ts";
import { howItWorksSwedish } from "./how-it-works-content-sv.ts";

describe("info page copy", () => {
  it("has a complete Swedish translation of every page", () => {
    expect(translationDifferences(aboutEnglish, aboutSwedish)).toEqual([]);
    expect(translationDifferences(howItWorksEnglish, howItWorksSwedish)).toEqual([]);
    expect(translationDifferences(careersEnglish, careersSwedish)).toEqual([]);
  });

  it("notices a missing or untranslated entry", () => {
    const broken = { ...aboutSwedish, sections: aboutSwedish.sections.slice(1), tagline: " " };
    expect(translationDifferences(aboutEnglish, broken)).toEqual(["$.sections: 3 entries, translated 2", "$.tagline: empty"]);
    expect(translationDifferences({ line: "Write to {{email}}" }, { line: "Skriv till oss" })).toEqual(["$.line: placeholders differ"]);
  });

  it("gives About the sections of docs/product.md §1: vision, team, commitment and a closing tagline", () => {
    expect(aboutEnglish.sections.map((section) => section.heading)).toEqual(["Our Vision", "Our Team", "Our Commitment"]);
    expect(aboutEnglish.tagline.length).toBeGreaterThan(10);
  });

  it("explains How It Works in exactly five steps", () => {
    expect(howItWorksEnglish.steps).toHaveLength(5);
  });

  it("says on Careers that there are no open positions and how to apply", () => {
    expect(careersEnglish.title).toMatch(/no open positions/i);
    expect(careersEnglish.sections.find((section) => section.id === "open-application")?.paragraphs?.join(" ")).toContain("{{email}}");
  });
});
