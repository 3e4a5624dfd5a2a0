import { defaultLanguage, type Language } from "./languages.ts";
import { interpolate, resolve, type Catalogues, type CatalogueKey, type TranslationTree, type TranslationValues } from "./translations.ts";

// ADR 209: the translator of copy that is not a screen's (a mail, a document, a sentence the web
// client shares with the mails) over the product's one translation core (translations.ts), and the
// check that a translation matches its English. Kept apart from the core so that the pages that do
// not use it do not carry it.

/** The names of the `{{placeholders}}` of a text, each once, sorted. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((match) => match[1] ?? ""))].sort();
}

/** `t(key, values)` over one catalogue in one language; `has` tells whether data is a key of it. */
export type Translator<T> = {
  (key: CatalogueKey<T>, values?: TranslationValues): string;
  /** For a key that arrives as data (a document type, an option value): is it in the catalogue? */
  has(key: string): key is CatalogueKey<T>;
};

/**
 * ADR 209: the translator of copy that is not a screen's (a mail, a document): the catalogue's text
 * in the language, else in English, else the key; `{{name}}` filled from `values`, plurals by `count`.
 */
export function translator<T>(catalogues: Catalogues<T>, language: Language): Translator<T> {
  // Catalogues are plain strings, arrays and objects; optional fields only hide that from TypeScript.
  const trees = [catalogues[language], catalogues[defaultLanguage]] as unknown as TranslationTree[];
  const languagesTried: Language[] = [language, defaultLanguage];
  const t = (key: string, values: TranslationValues = {}) => {
    for (const [index, tree] of trees.entries()) {
      const value = resolve(tree, languagesTried[index] ?? defaultLanguage, key, values.count);
      if (typeof value === "string") return interpolate(value, values);
    }
    return key;
  };
  const has = (key: string): key is CatalogueKey<T> => typeof resolve(trees[1], defaultLanguage, key, 2) === "string";
  return Object.assign(t, { has });
}

/** Every string of a catalogue by its dotted path. */
function texts(tree: unknown, path = "", into = new Map<string, string>()): Map<string, string> {
  if (typeof tree === "string") into.set(path, tree);
  else if (Array.isArray(tree) || isTree(tree))
    for (const [key, value] of Object.entries(tree as Record<string, unknown>)) texts(value, path ? `${path}.${key}` : key, into);
  return into;
}

/**
 * What keeps a translation from matching its English catalogue: a key missing or extra, or a text
 * whose `{{placeholders}}` differ (a Swedish text that lost `{{reference}}` would show less than
 * the English). The types catch the keys where a catalogue is typed; this catches the placeholders,
 * which the types cannot see. Empty when they match.
 */
export function catalogueDifferences(english: unknown, translation: unknown): string[] {
  const reference = texts(english);
  const other = texts(translation);
  const differences: string[] = [];
  for (const [key, text] of reference) {
    const translated = other.get(key);
    if (translated === undefined) differences.push(`${key}: missing`);
    else if (placeholders(text).join() !== placeholders(translated).join())
      differences.push(`${key}: placeholders [${placeholders(translated).join(", ")}], English has [${placeholders(text).join(", ")}]`);
  }
  for (const key of other.keys()) if (!reference.has(key)) differences.push(`${key}: not in English`);
  return differences;
}

function isTree(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
