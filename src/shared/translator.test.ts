import { describe, expect, it } from "vitest";
import { catalogueDifferences, translator } from "./translator.ts";
import type { Catalogue } from "./translations.ts";

// ADR 209: the translator of the mails and documents, over the core the web client shares. The
// web client's own behaviour (namespaces, loading, React) is pinned in src/web/lib/i18n.test.ts.

const english = {
  subject: "Booking {{reference}} received",
  guards_one: "{{count}} guard",
  guards_other: "{{count}} guards",
  status: { pending: "Pending", confirmed: "Confirmed" },
  onlyEnglish: "Shown in English",
};
const swedish: Catalogue<typeof english> = {
  subject: "Bokning {{reference}} mottagen",
  guards_one: "{{count}} vakt",
  guards_other: "{{count}} vakter",
  status: { pending: "Väntande", confirmed: "Bekräftad" },
  onlyEnglish: "",
};
const copy = { en: english, sv: swedish };

describe("translator", () => {
  it("fills placeholders and picks the plural of the language", () => {
    const t = translator(copy, "sv");
    expect(t("subject", { reference: "5F0C6A5E" })).toBe("Bokning 5F0C6A5E mottagen");
    expect(t("guards", { count: 1 })).toBe("1 vakt");
    expect(t("guards", { count: 3 })).toBe("3 vakter");
    expect(translator(copy, "en")("guards", { count: 0 })).toBe("0 guards");
    const status: "pending" | "confirmed" = "confirmed";
    expect(t(`status.${status}`)).toBe("Bekräftad");
  });

  it("falls back to English, then to the key, and tells data that is a key from data that is not", () => {
    const missing = { en: english, sv: { ...swedish, status: { pending: "Väntande" } } as Catalogue<typeof english> };
    expect(translator(missing, "sv")("status.confirmed")).toBe("Confirmed");
    const t = translator(copy, "sv");
    // @ts-expect-error -- misspelt: "subjekt" is not a key of the catalogue.
    expect(t("subjekt")).toBe("subjekt");
    const data: string = "status.pending";
    expect(t.has(data) ? t(data) : data).toBe("Väntande");
    expect(t.has("status.unknown")).toBe(false);
    expect(t.has("status")).toBe(false);
  });

  it("refuses a translation with a key missing or extra as a type error", () => {
    // @ts-expect-error -- `onlyEnglish` is missing.
    const missingKey: Catalogue<typeof english> = {
      subject: swedish.subject,
      guards_one: swedish.guards_one,
      guards_other: swedish.guards_other,
      status: swedish.status,
    };
    const extraKey: Catalogue<typeof english> = {
      ...swedish,
      // @ts-expect-error -- `extra` is not in English.
      extra: "Mer",
    };
    expect(catalogueDifferences(english, missingKey)).toEqual(["onlyEnglish: missing"]);
    expect(catalogueDifferences(english, extraKey)).toEqual(["extra: not in English"]);
  });
});

describe("catalogueDifferences", () => {
  it("is empty for a translation with the same keys and placeholders", () => {
    expect(catalogueDifferences(english, swedish)).toEqual([]);
  });

  it("names a text that lost or renamed a placeholder", () => {
    expect(catalogueDifferences(english, { ...swedish, subject: "Bokning mottagen" })).toEqual([
      "subject: placeholders [], English has [reference]",
    ]);
    expect(catalogueDifferences(english, { ...swedish, guards_other: "{{antal}} vakter" })).toEqual([
      "guards_other: placeholders [antal], English has [count]",
    ]);
  });
});
