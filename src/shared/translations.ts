import type { Language } from "./languages.ts";

// ADR 209: the one translation system of the product, shared by the web client (src/web/lib/i18n.ts,
// ADR 024, 203) and everything the server writes in the reader's language (the mails of
// src/server/mail/templates, ADR 037). A catalogue is English plain text with `{{name}}`
// placeholders and `key_one` / `key_other` plurals; every other language is typed
// `Catalogue<typeof english>`, so a missing, extra or misspelt key is a type error wherever the
// copy lives. Nothing here depends on React or on the browser. This module is what every page's
// app shell carries; the translator of copy outside a screen is translator.ts, which only the
// modules that use it load.

export type TranslationTree = { [key: string]: string | string[] | TranslationTree | TranslationTree[] };
export type TranslationValue = TranslationTree[string];

/** The values a `{{name}}` placeholder is filled from; `count` also picks the plural form. */
export type TranslationValues = { count?: number; [name: string]: unknown };

/** ADR 203: the same keys (and arrays, and optional fields) as the English catalogue `T`, any wording. */
export type Catalogue<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Catalogue<Item>[]
    : { [K in keyof T]: Catalogue<T[K]> };

/** A catalogue in every language of the site: English, the reference (ADR 003), and the others shaped like it. */
export type Catalogues<T> = { en: T } & { [L in Exclude<Language, "en">]: Catalogue<T> };

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type Leaves<T> = T extends string
  ? never
  : T extends readonly (infer Item)[]
    ? Item extends string
      ? `${number}`
      : `${number}.${Leaves<Item>}`
    : { [K in keyof T & string]-?: NonNullable<T[K]> extends string ? K : `${K}.${Leaves<NonNullable<T[K]>>}` }[keyof T & string];
type Branches<T> = T extends string
  ? never
  : T extends readonly (infer Item)[]
    ? Item extends string
      ? never
      : `${number}` | `${number}.${Branches<Item>}`
    : {
        [K in keyof T & string]-?: NonNullable<T[K]> extends string ? never : K | `${K}.${Branches<NonNullable<T[K]>>}`;
      }[keyof T & string];
/** `count_one` / `count_other` are asked for as `count` (with a `count` value). */
type PluralBase<Key> = Key extends `${infer Base}_${PluralSuffix}` ? Base : never;

/** A key of catalogue `T` that holds a string: a dotted path into it, or the base of a plural. */
export type CatalogueKey<T> = Leaves<T> | PluralBase<Leaves<T>>;
/** A key of catalogue `T` that holds an object or an array. */
export type CatalogueObjectKey<T> = Branches<T>;

function isTree(value: unknown): value is TranslationTree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a dotted path (array items by index), or undefined. */
export function lookup(tree: TranslationTree | undefined, key: string): TranslationValue | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (isTree(node) || Array.isArray(node)) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return node as TranslationValue | undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category (`one`, `other`, …) of a count in the language (Intl.PluralRules). */
export function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The value at the key; with a count, `key_zero` (count 0, if present), then `key_<category>` of
 * the language, then `key_other`, then the key itself (ADR 024).
 */
export function resolve(tree: TranslationTree | undefined, language: Language, key: string, count?: number): TranslationValue | undefined {
  if (typeof count === "number") {
    const candidates = count === 0 ? [`${key}_zero`] : [];
    candidates.push(`${key}_${pluralCategory(language, count)}`, `${key}_other`);
    for (const candidate of candidates) {
      const value = lookup(tree, candidate);
      if (typeof value === "string") return value;
    }
  }
  return lookup(tree, key);
}

/** `{{name}}` → the value of `name`, unescaped; an unknown name stays as written (as i18next did). */
export function interpolate(text: string, values: TranslationValues): string {
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? match : String(value);
  });
}
