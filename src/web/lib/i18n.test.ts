import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Catalogue, i18n, loadLanguage, registerTranslations, useTranslation } from "./i18n.ts";

// ADR 024: the in-house translation module keeps i18next's behaviour for what the app uses.

const testEnglish = {
  greeting: "Hello {{name}}, welcome to {{ place }}",
  guards_one: "{{count}} guard",
  guards_other: "{{count}} guards",
  onlyEnglish: "Only in English",
  onlyEnglishPlural_one: "{{count}} English item",
  onlyEnglishPlural_other: "{{count}} English items",
  points: ["First for {{name}}", "Second"],
  section: { title: "Title for {{name}}", items: [{ label: "Item {{name}}" }] },
  nested: { deeper: { value: "Deep value" } },
  empty: "",
  firstChoice: "English first choice",
};

// Swedish lacks some keys on purpose, to pin the fallback to English (which the types would refuse).
const testSwedish = {
  greeting: "Hej {{name}}, välkommen till {{ place }}",
  guards_one: "{{count}} vakt",
  guards_other: "{{count}} vakter",
  points: ["Första för {{name}}", "Andra"],
  section: { title: "Rubrik för {{name}}", items: [{ label: "Punkt {{name}}" }] },
  nested: { deeper: { value: "Djupt värde" } },
  empty: "",
} as unknown as Catalogue<typeof testEnglish>;

registerTranslations("i18n-test", { en: testEnglish, sv: testSwedish });

declare module "./i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "i18n-test": typeof testEnglish;
    "i18n-later": { word: string };
  }
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

const english = i18n.getFixedT("en", "i18n-test");
const swedish = i18n.getFixedT("sv", "i18n-test");

describe("t", () => {
  it("interpolates {{name}} values, with or without spaces inside the braces", () => {
    expect(english("greeting", { name: "Ada", place: "Stockholm" })).toBe("Hello Ada, welcome to Stockholm");
    expect(swedish("greeting", { name: "Ada", place: "Stockholm" })).toBe("Hej Ada, välkommen till Stockholm");
  });

  it("leaves a placeholder without a value as written", () => {
    expect(english("greeting", { name: "Ada" })).toBe("Hello Ada, welcome to {{ place }}");
  });

  it("reads nested keys", () => {
    expect(english("nested.deeper.value")).toBe("Deep value");
    expect(swedish("nested.deeper.value")).toBe("Djupt värde");
  });

  it("returns an empty string when that is the translation", () => {
    expect(swedish("empty")).toBe("");
  });

  it.each([
    [0, "0 guards", "0 vakter"],
    [1, "1 guard", "1 vakt"],
    [2, "2 guards", "2 vakter"],
    [21, "21 guards", "21 vakter"],
  ])("picks the plural form for count %i in English and Swedish", (count, inEnglish, inSwedish) => {
    expect(english("guards", { count })).toBe(inEnglish);
    expect(swedish("guards", { count })).toBe(inSwedish);
  });

  it("returns arrays and objects with returnObjects, every nested string interpolated", () => {
    expect(english("points", { returnObjects: true, name: "Ada" })).toEqual(["First for Ada", "Second"]);
    expect(swedish("section", { returnObjects: true, name: "Ada" })).toEqual({
      title: "Rubrik för Ada",
      items: [{ label: "Punkt Ada" }],
    });
  });

  it("falls back to English for a key missing in Swedish, plurals included", () => {
    expect(swedish("onlyEnglish")).toBe("Only in English");
    expect(swedish("onlyEnglishPlural", { count: 3 })).toBe("3 English items");
  });

  it("falls back to the defaultValue, then to the key itself, when missing in both languages", () => {
    // @ts-expect-error -- ADR 203: a key the catalogue lacks is a type error; at run time it falls back as pinned here.
    expect(swedish("missing.key", { defaultValue: "Default for {{name}}", name: "Ada" })).toBe("Default for Ada");
    // @ts-expect-error -- ADR 203: a key the catalogue lacks is a type error; at run time it falls back as pinned here.
    expect(swedish("missing.key")).toBe("missing.key");
    // @ts-expect-error -- ADR 203: a key the catalogue lacks is a type error; at run time it falls back as pinned here.
    expect(english("points")).toBe("points");
  });

  it("tries a list of keys in order, each in the language and then in English", () => {
    // @ts-expect-error -- ADR 203: a key the catalogue lacks is a type error; at run time it falls back as pinned here.
    expect(swedish(["missing.key", "guards"], { count: 1 })).toBe("1 vakt");
    expect(swedish(["firstChoice", "guards"], { count: 1 })).toBe("English first choice");
    // @ts-expect-error -- ADR 203: a key the catalogue lacks is a type error; at run time it falls back as pinned here.
    expect(swedish(["missing.one", "missing.two"], { defaultValue: "Fallback" })).toBe("Fallback");
  });

  it("honours the ns and lng options and ns:key prefixes of registered namespaces", () => {
    expect(i18n.t("greeting", { ns: "i18n-test", lng: "sv", name: "Ada", place: "Malmö" })).toBe("Hej Ada, välkommen till Malmö");
    expect(i18n.t("i18n-test:nested.deeper.value")).toBe("Deep value");
    expect(english("common:brand")).toBe("Nordic Shield");
    // @ts-expect-error -- ADR 203: a key the catalogue lacks is a type error; at run time it falls back as pinned here.
    expect(english("not-a-namespace:key")).toBe("not-a-namespace:key");
  });
});

describe("namespaces", () => {
  it("registers each language once; a second registration does not replace the first", () => {
    expect(i18n.hasResourceBundle("en", "i18n-later")).toBe(false);
    registerTranslations("i18n-later", { en: { word: "Later" }, sv: { word: "Senare" } });
    registerTranslations("i18n-later", { en: { word: "Replaced" }, sv: { word: "Ersatt" } });
    expect(i18n.hasResourceBundle("en", "i18n-later")).toBe(true);
    expect(i18n.hasResourceBundle("sv", "i18n-later")).toBe(true);
    expect(i18n.getFixedT("sv", "i18n-later")("word")).toBe("Senare");
  });

  it("uses the common namespace by default; its Swedish strings load with the first switch to Swedish", async () => {
    expect(i18n.t("nav.signIn")).toBe("Sign In");
    // ADR 024 addendum: not on the first load of an English page.
    expect(i18n.hasResourceBundle("sv", "common")).toBe(false);
    await loadLanguage("sv");
    expect(i18n.getFixedT("sv")("nav.signIn")).not.toBe("Sign In");
  });
});

describe("language changes", () => {
  it("notifies subscribers once per actual change and follows the new language", async () => {
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    await i18n.changeLanguage("sv");
    expect(i18n.language).toBe("sv");
    expect(i18n.t("greeting", { ns: "i18n-test", name: "Ada", place: "Umeå" })).toBe("Hej Ada, välkommen till Umeå");
    await i18n.changeLanguage("sv");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await i18n.changeLanguage("en");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("treats an unknown language as English", async () => {
    await i18n.changeLanguage("sv");
    await i18n.changeLanguage("de");
    expect(i18n.language).toBe("en");
  });
});

describe("useTranslation", () => {
  function Greeting() {
    const { t, i18n: instance } = useTranslation("i18n-test");
    return createElement("p", { lang: instance.language }, t("guards", { count: 2 }));
  }

  // ADR 256: the build renders each page once per language (src/web/entry.server.tsx sets it first).
  it("renders on the server in the language set for the render", async () => {
    await i18n.changeLanguage("en");
    expect(renderToString(createElement(Greeting))).toBe('<p lang="en">2 guards</p>');
    await i18n.changeLanguage("sv");
    expect(renderToString(createElement(Greeting))).toBe('<p lang="sv">2 vakter</p>');
    await i18n.changeLanguage("en");
  });
});
