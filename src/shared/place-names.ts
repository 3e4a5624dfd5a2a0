import { languages, type Language } from "./languages.ts";

// ADR 113: a booking's place is kept language-neutral: the city as chosen ("Stockholm", the
// gazetteer's name, the same in every language) and the ISO 3166-1 country code ("SE"). The
// label "Stockholm, Sverige" a Swedish visitor picked reads "Stockholm, Sweden" to an English
// reader, and a search for either country name finds it. Country names come from
// Intl.DisplayNames, as in the place suggestions (ADR 052).

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Lower case, diacritics removed, spaces collapsed: "Sverige " → "sverige", "Österrike" → "osterrike". */
function fold(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim();
}

type CountryNames = { byCode: Map<string, Record<Language, string>>; codeByFoldedName: Map<string, string> };
let countryNames: CountryNames | undefined;

/** Every ISO region code Intl knows, with its name in each language; built once on first use. */
function names(): CountryNames {
  if (countryNames) return countryNames;
  const display = Object.fromEntries(
    languages.map((language) => [language, new Intl.DisplayNames([language], { type: "region", fallback: "none" })]),
  ) as Record<Language, Intl.DisplayNames>;
  const byCode = new Map<string, Record<Language, string>>();
  const codeByFoldedName = new Map<string, string>();
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const named = {} as Record<Language, string>;
      let known = true;
      for (const language of languages) {
        let name: string | undefined;
        try {
          name = display[language].of(code);
        } catch {
          name = undefined;
        }
        if (!name || name === code) known = false;
        else named[language] = name;
      }
      if (!known) continue;
      byCode.set(code, named);
      for (const language of languages) codeByFoldedName.set(fold(named[language]), code);
    }
  }
  countryNames = { byCode, codeByFoldedName };
  return countryNames;
}

/** The ISO code of a country named in any of our languages ("Sverige", "sweden"), or null. */
export function countryCodeOfName(name: string): string | null {
  return names().codeByFoldedName.get(fold(name)) ?? null;
}

/** A country's name in a language, or null for a code Intl does not know. */
export function countryName(code: string, language: Language): string | null {
  return names().byCode.get(code.toUpperCase())?.[language] ?? null;
}

export type NeutralPlace = { city: string; countryCode: string | null };

/** "Stockholm, Sverige" → { city: "Stockholm", countryCode: "SE" }; text without a known country keeps it all as the city. */
export function neutralPlace(location: string): NeutralPlace {
  const comma = location.lastIndexOf(",");
  if (comma > 0) {
    const countryCode = countryCodeOfName(location.slice(comma + 1));
    if (countryCode) return { city: location.slice(0, comma).trim(), countryCode };
  }
  return { city: location.trim(), countryCode: null };
}

/** The place in the reader's language: "Stockholm, Sweden" for English; the text as typed when it names no known country. */
export function placeLabel(location: string, countryCode: string | null, language: Language): string {
  const place = neutralPlace(location);
  const code = countryCode ?? place.countryCode;
  const country = code ? countryName(code, language) : null;
  if (!country || !place.countryCode) return location;
  return `${place.city}, ${country}`;
}

/**
 * The texts a search should also look for: the query with a country name in it given in each of
 * our languages ("Sweden" → "Sverige"; "Stockholm, Sverige" → "Stockholm, Sweden"). The query
 * itself comes first.
 */
export function placeSearchVariants(query: string): string[] {
  const variants = [query];
  const whole = countryCodeOfName(query);
  const place = neutralPlace(query);
  for (const language of languages) {
    if (whole) variants.push(countryName(whole, language) ?? query);
    else if (place.countryCode) variants.push(`${place.city}, ${countryName(place.countryCode, language) ?? ""}`);
  }
  return [...new Set(variants.map((variant) => variant.trim()).filter((variant) => variant !== ""))];
}
