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
 * ADR 256: the cookie the language switch writes and the one thing the server reads to choose the
 * prerendered page's language; `Accept-Language` decides only for a visitor who never chose.
 */
export const languageCookieName = "language";
/** A year (RFC 6265 §5.2.2 Max-Age): a choice outlives the session, as the localStorage entry did. */
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The language named by the `language` cookie in a Cookie header, if it names one of ours. */
export function languageFromCookieHeader(header: string | null | undefined): Language | undefined {
  const value = new RegExp(`(?:^|;)\\s*${languageCookieName}=([^;]*)`).exec(header ?? "")?.[1]?.trim();
  return isLanguage(value) ? value : undefined;
}

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4): the highest
 * quality wins, earlier entries win ties, `sv-SE` counts as `sv`, `*` as the default language.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  let best: { language: Language; quality: number } | undefined;
  for (const entry of (header ?? "").split(",")) {
    const [range = "", ...parameters] = entry.trim().toLowerCase().split(";");
    const qualityParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const quality = qualityParameter === undefined ? 1 : Number(qualityParameter.slice(2));
    if (!Number.isFinite(quality) || quality <= 0) continue;
    const primary = range.trim().split("-")[0];
    const language = primary === "*" ? defaultLanguage : primary;
    if (!isLanguage(language)) continue;
    if (!best || quality > best.quality) best = { language, quality };
  }
  return best?.language;
}

/** The language of the page a request gets (ADR 256): the remembered choice, else the browser's, else English. */
export function requestLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  return languageFromCookieHeader(cookieHeader) ?? languageFromAcceptLanguage(acceptLanguage) ?? defaultLanguage;
}
