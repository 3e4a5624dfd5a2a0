import { describe, expect, it } from "vitest";
import { helpEnglish } from "./help-copy.ts";
import { helpSwedish } from "./help-sv.ts";
import { maximumHelpSuggestions, searchHelp, type FaqEntry } from "./help-search.ts";

const entries: FaqEntry[] = [
  { question: "Are your guards ARMED?", answer: "In Sweden officers are unarmed." },
  { question: "How do I pay?", answer: "By card, in euros." },
  { question: "Can I cancel?", answer: "Fully refundable until 2 days before the start; pay nothing more." },
  { question: "Where do you operate?", answer: "Across the EU." },
];

describe("help search (docs/product.md §2)", () => {
  it("matches case-insensitively", () => {
    expect(searchHelp(entries, "armed")).toEqual([0]);
    expect(searchHelp(entries, "ARMED")).toEqual([0]);
    expect(searchHelp(entries, "  Eu ")).toEqual([1, 3]);
  });

  it("matches answers as well as questions, question matches first", () => {
    expect(searchHelp(entries, "refundable")).toEqual([2]);
    expect(searchHelp(entries, "pay")).toEqual([1, 2]);
    expect(searchHelp(entries, "unarmed")).toEqual([0]);
  });

  it("returns nothing for an empty or blank query, or no match", () => {
    expect(searchHelp(entries, "")).toEqual([]);
    expect(searchHelp(entries, "   ")).toEqual([]);
    expect(searchHelp(entries, "helicopter")).toEqual([]);
  });

  it("caps the suggestions at 5", () => {
    const many = Array.from({ length: 9 }, (_, index) => ({ question: `Question ${index}`, answer: "booking" }));
    expect(searchHelp(many, "booking")).toHaveLength(maximumHelpSuggestions);
    expect(searchHelp(many, "question")).toEqual([0, 1, 2, 3, 4]);
  });

  it("finds real questions in both languages", () => {
    const english = helpEnglish.faq.items;
    const swedish = helpSwedish.faq.items;
    expect(english).toHaveLength(10);
    expect(swedish).toHaveLength(10);
    expect(searchHelp(english, "armed").length).toBeGreaterThan(0);
    expect(searchHelp(swedish, "vapen").length).toBeGreaterThan(0);
    expect(searchHelp(english, "24 hours").length).toBeGreaterThan(0);
  });
});
