// ADR 003: the site's languages, written once for the translations, the schemas (mail language of
// an account, a booking, an application) and the server.
export const languages = ["en", "sv"] as const;
export type Language = (typeof languages)[number];

/** English: the language of the prerendered HTML and of any request that names none. */
export const defaultLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * The first of our languages in an Accept-Language header by its weights (RFC 9110 §12.5.4), or
 * null when it names none of them: for pages the server writes before the app's own choice is known.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const weight = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.weight > 0 && isLanguage(entry.language))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (ranked[0]?.language as Language | undefined) ?? null;
}
