// ADR 003: the site's languages, written once for the translations, the schemas (mail language of
// an account, a booking, an application) and the server.
export const languages = ["en", "sv"] as const;
export type Language = (typeof languages)[number];

/** English: the language of the prerendered HTML and of any request that names none. */
export const defaultLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}
