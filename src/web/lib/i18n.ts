import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { commonEnglish } from "./locales/common-en.ts";
import { commonSwedish } from "./locales/common-sv.ts";

// ADR 003: English is the default and the language of the prerendered HTML; a visitor's choice
// is kept in localStorage and applied right after hydration. Each feature registers its own
// namespace (both languages) from its own module, so a page's copy ships in that page's chunk.

export const languages = ["en", "sv"] as const;
export type Language = (typeof languages)[number];
export const languageStorageKey = "language";

const resources: Resource = { en: { common: commonEnglish }, sv: { common: commonSwedish } };

void i18next.use(initReactI18next).init({
  resources,
  lng: "en",
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export type TranslationTree = { [key: string]: string | string[] | TranslationTree | TranslationTree[] };

/** Adds a feature's strings; called at module load by the feature that owns them. */
export function registerTranslations(namespace: string, translations: { en: TranslationTree; sv: TranslationTree }) {
  for (const language of languages) {
    if (!i18next.hasResourceBundle(language, namespace)) {
      i18next.addResourceBundle(language, namespace, translations[language], true, false);
    }
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(languageStorageKey);
    return isLanguage(value) ? value : "en";
  } catch {
    return "en";
  }
}

export async function changeLanguage(language: Language) {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export { i18next };
