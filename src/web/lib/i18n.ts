import { use, useMemo, useSyncExternalStore } from "react";
import {
  defaultLanguage,
  isLanguage,
  languageCookieMaxAgeSeconds,
  languageCookieName,
  languageFromCookieHeader,
  languages,
  type Language,
} from "../../shared/languages.ts";
import {
  interpolate,
  resolve as resolveIn,
  type Catalogue,
  type CatalogueKey,
  type CatalogueObjectKey,
  type TranslationTree,
  type TranslationValue,
} from "../../shared/translations.ts";
import { commonEnglish } from "./locales/common-en.ts";

// ADR 003: English is the default. ADR 256: a visitor's choice is kept in the `language` cookie, and
// the server sends the prerendered page in that language (else in the browser's, else English), so
// the client starts in the language of the HTML it hydrates. Each feature registers its own
// namespace (both languages) from its own module, so a page's copy ships in that page's chunk.
//
// ADR 024: a small in-house replacement for i18next + react-i18next (about 17 KB compressed on
// every page). It keeps their call shapes — `useTranslation(ns)` → `{ t, i18n }`, `t(key, options)`
// with `{{name}}` interpolation, `count` plurals (`key_one`/`key_other`, Intl.PluralRules),
// `defaultValue`, `returnObjects`, `ns` / `ns:key`, a list of keys — and nothing more.
// ADR 209: the catalogue types, lookup, plurals and interpolation are the product's one translation
// core (src/shared/translations.ts), which the mails use too; this module adds namespaces, loading
// and React.

export { isLanguage, languages, type Language } from "../../shared/languages.ts";
/** Where the choice was kept before the cookie (ADR 256): read once, moved into the cookie, removed. */
export const languageStorageKey = "language";
const defaultNamespace = "common";

export type { Catalogue, TranslationTree } from "../../shared/translations.ts";

export type TranslateOptions = {
  /** Picks `key_one` / `key_other` (…) by the language's plural rules, and fills `{{count}}`. */
  count?: number;
  /** Returned (interpolated) when the key is missing in both the language and English. */
  defaultValue?: string;
  ns?: string;
  lng?: string;
  /** Returns the array or object at the key, every nested string interpolated. */
  returnObjects?: boolean;
  [name: string]: unknown;
};

/**
 * ADR 203: the namespaces and their English catalogues, by name. English is the reference: every
 * key a screen may ask for is a path into it, and every other language must have exactly its keys
 * (`Catalogue`). A feature adds its namespace where it defines its copy:
 * `declare module "…/lib/i18n.ts" { interface TranslationNamespaces { auth: typeof english } }`.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge across modules
export interface TranslationNamespaces {
  common: typeof commonEnglish;
}
export type Namespace = keyof TranslationNamespaces & string;

/** A key of namespace `N` that holds a string: a dotted path into its English catalogue. */
export type TranslationKey<N extends Namespace = "common"> = CatalogueKey<TranslationNamespaces[N]>;
/** A key of namespace `N` that holds an object or an array (read with `returnObjects`). */
export type TranslationObjectKey<N extends Namespace = "common"> = CatalogueObjectKey<TranslationNamespaces[N]>;
/** A key of any namespace written `namespace:key`. */
export type QualifiedTranslationKey = { [N in Namespace]: `${N}:${TranslationKey<N>}` }[Namespace];

/**
 * Translates a key of namespace `N` (or a `namespace:key`, or a key of the namespace named by the
 * `ns` option). A misspelt or missing key is a type error (ADR 203); at run time a key missing in
 * the language falls back to English (ADR 024).
 */
export type TFunction<N extends Namespace = "common"> = {
  (
    key: TranslationKey<N> | QualifiedTranslationKey | readonly (TranslationKey<N> | QualifiedTranslationKey)[],
    options?: TranslateOptions & { returnObjects?: false; ns?: N },
  ): string;
  <Other extends Namespace>(key: TranslationKey<Other>, options: TranslateOptions & { returnObjects?: false; ns: Other }): string;
  (key: TranslationObjectKey<N>, options: TranslateOptions & { returnObjects: true }): unknown;
};

type AnyKey = string | readonly string[];

const resources: Record<Language, Map<string, TranslationTree>> = {
  en: new Map([[defaultNamespace, commonEnglish]]),
  sv: new Map(),
};

/** A catalogue that arrives in its own chunk when its language is first needed (ADR 204). */
export type CatalogueLoader<T> = () => Promise<T>;

/**
 * ADR 204: the Swedish catalogues are separate chunks, imported when Swedish is first needed, so an
 * English visitor downloads no Swedish. A namespace registered with a loader is fetched by
 * `loadLanguage` (the switch to Swedish awaits it, a remembered choice keeps the page hidden until
 * then, ADR 003) or, for a screen first rendered while Swedish is already on, by `useTranslation`,
 * which suspends until it has arrived (a route change waits on the old screen).
 */
const loaders: Record<Language, Map<string, CatalogueLoader<TranslationTree>>> = {
  en: new Map(),
  sv: new Map([[defaultNamespace, () => import("./locales/common-sv.ts").then((module) => module.commonSwedish)]]),
};
const loading = new Map<string, Promise<void>>();

/** The namespace's catalogue in the language, once; null when it is there already (or has no loader). */
function loadNamespace(language: Language, namespace: string): Promise<void> | null {
  if (resources[language].has(namespace)) return null;
  const loader = loaders[language].get(namespace);
  if (!loader) return null;
  const id = `${language}:${namespace}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = loader().then(
      (tree) => {
        if (!resources[language].has(namespace)) resources[language].set(namespace, tree);
      },
      // A chunk that failed to arrive (offline) leaves English in place; the next need asks again.
      () => {
        loading.delete(id);
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

/** Every registered namespace's catalogue in the language (the switch to it awaits this). */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...loaders[language].keys()].map((namespace) => loadNamespace(language, namespace)));
}

/**
 * ADR 256: the language of the HTML the browser received (`<html lang>`, which the server chose),
 * and so the language hydration must render; on the server, the language of the current render.
 */
const documentLanguage: Language =
  typeof document === "undefined"
    ? defaultLanguage
    : isLanguage(document.documentElement.lang)
      ? document.documentElement.lang
      : defaultLanguage;

let currentLanguage: Language = documentLanguage;

/**
 * ADR 256: src/web/entry.client.tsx awaits this before it hydrates a page, so a Swedish page's
 * catalogues (those of every module loaded by then) have arrived and no screen suspends half
 * hydrated. Reached through a global, not an import: the client entry importing this module made
 * the build regroup its shared chunks, and the booking page's scripts grew past their budget.
 */
if (typeof window !== "undefined") {
  (window as unknown as { loadDocumentLanguage?: () => Promise<void> }).loadDocumentLanguage = () => loadLanguage(currentLanguage);
}
const listeners = new Set<() => void>();

function isRecord(value: unknown): value is TranslationTree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function interpolateTree(value: unknown, values: TranslateOptions): unknown {
  if (typeof value === "string") return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateTree(item, values));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, interpolateTree(item, values)]));
  return value;
}

function splitNamespace(key: string, namespace: string): [string, string] {
  const separator = key.indexOf(":");
  if (separator > 0) {
    const prefix = key.slice(0, separator);
    if (resources.en.has(prefix) || resources.sv.has(prefix)) return [prefix, key.slice(separator + 1)];
  }
  return [namespace, key];
}

function resolve(language: Language, namespace: string, key: string, options: TranslateOptions): TranslationValue | undefined {
  return resolveIn(resources[language].get(namespace), language, key, options.count);
}

function translate(language: Language, namespace: string, keys: AnyKey, options: TranslateOptions = {}): unknown {
  const fallbacks: Language[] = language === defaultLanguage ? [language] : [language, defaultLanguage];
  // Like i18next: each key is tried in the language and then in English before the next key.
  for (const fullKey of typeof keys === "string" ? [keys] : keys) {
    const [keyNamespace, key] = splitNamespace(fullKey, options.ns ?? namespace);
    for (const candidateLanguage of fallbacks) {
      const value = resolve(candidateLanguage, keyNamespace, key, options);
      if (typeof value === "string") return interpolate(value, options);
      if (value !== undefined && options.returnObjects) return interpolateTree(value, options);
    }
  }
  if (options.defaultValue !== undefined) return interpolate(options.defaultValue, options);
  const last = typeof keys === "string" ? keys : (keys[keys.length - 1] ?? "");
  return splitNamespace(last, options.ns ?? namespace)[1];
}

/**
 * ADR 203: a key that arrives as data (a schema's message key, a code from the server) is checked
 * against the namespace's English catalogue at run time before it is translated, so the call that
 * follows is as typed as a written key; text that is not a key is shown as it came.
 */
export function isTranslationKey<N extends Namespace>(namespace: N, key: string): key is TranslationKey<N> {
  const [keyNamespace, bareKey] = splitNamespace(key, namespace);
  return typeof resolve(defaultLanguage, keyNamespace, bareKey, { count: 2 }) === "string";
}

/**
 * ADR 211: a key that arrives as data, in the current language, or undefined when that language has
 * no such text (no fallback to English: for a namespace registered without English).
 */
export function translateInCurrentLanguage(namespace: Namespace, key: string, options: TranslateOptions = {}): string | undefined {
  const value = resolve(currentLanguage, namespace, key, options);
  return typeof value === "string" ? interpolate(value, options) : undefined;
}

/** `t(key)` for a key that arrives as data (ADR 203), or `otherwise` when the namespace has no such key. */
export function translateData<N extends Namespace>(
  t: TFunction<N>,
  namespace: N,
  key: string,
  otherwise: string,
  options: Omit<TranslateOptions, "ns" | "returnObjects"> = {},
): string {
  return isTranslationKey(namespace, key) ? t(key, options) : otherwise;
}

function toLanguage(value: unknown, otherwise: Language): Language {
  return isLanguage(value) ? value : otherwise;
}

function fixedT<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  return ((key: AnyKey, options?: TranslateOptions) =>
    translate(toLanguage(options?.lng, language), namespace, key, options)) as TFunction<N>;
}

/** The language of the HTML being hydrated on the client; on the server, the render's own. */
function renderedLanguage(): Language {
  return typeof document === "undefined" ? currentLanguage : documentLanguage;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setLanguage(language: Language) {
  if (language === currentLanguage) return;
  currentLanguage = language;
  for (const listener of listeners) listener();
}

/** The translation store (what `i18next` was): usable outside React, e.g. in meta functions. */
export const i18n = {
  get language(): Language {
    return currentLanguage;
  },
  t: ((key: AnyKey, options?: TranslateOptions) =>
    translate(toLanguage(options?.lng, currentLanguage), defaultNamespace, key, options)) as TFunction,
  getFixedT<N extends Namespace = "common">(language: string, namespace: N = defaultNamespace as N): TFunction<N> {
    return fixedT(toLanguage(language, defaultLanguage), namespace);
  },
  hasResourceBundle(language: string, namespace: string): boolean {
    return isLanguage(language) && resources[language].has(namespace);
  },
  addResourceBundle(language: string, namespace: string, translations: TranslationTree) {
    if (isLanguage(language)) resources[language].set(namespace, translations);
  },
  /** Switches the language of every mounted `useTranslation` without touching storage. */
  async changeLanguage(language: string): Promise<void> {
    const next = toLanguage(language, defaultLanguage);
    await loadLanguage(next);
    setLanguage(next);
  },
  subscribe,
};

/** Adds a feature's strings; called at module load by the feature that owns them. */
export function registerTranslations<N extends Namespace>(
  namespace: N,
  translations: {
    /** null: the client ships no English, which the server sends as its own text (ADR 211). */
    en: TranslationNamespaces[N] | null;
    sv: Catalogue<TranslationNamespaces[N]> | CatalogueLoader<Catalogue<TranslationNamespaces[N]>>;
  },
) {
  for (const language of languages) {
    const catalogue = translations[language];
    if (catalogue === null || resources[language].has(namespace) || loaders[language].has(namespace)) continue;
    if (typeof catalogue === "function") {
      loaders[language].set(namespace, catalogue as CatalogueLoader<unknown> as CatalogueLoader<TranslationTree>);
      // A screen first shown while that language is on: start now, so it is there by the render.
      if (language === currentLanguage) void loadNamespace(language, namespace);
    } else {
      // Catalogues are plain strings, arrays and objects; optional fields only hide that from TypeScript.
      resources[language].set(namespace, catalogue as unknown as TranslationTree);
    }
  }
}

/**
 * Inline <head> script, run before anything paints (ADR 256): a choice remembered the old way (in
 * localStorage, ADR 003) and not yet in the cookie is moved into the cookie, and the page is asked
 * for again if the server chose another language for it, so the visitor sees that language from the
 * first paint. It hides nothing. The static server allows it by hash (src/server/static-site.ts),
 * so it must stay free of per-request content.
 */
export const rememberedLanguageScript = [
  `try{var l=localStorage.getItem("${languageStorageKey}");if(l){localStorage.removeItem("${languageStorageKey}");`,
  `if(/^(${languages.join("|")})$/.test(l)&&!/(^|;)\\s*${languageCookieName}=/.test(document.cookie)){`,
  `document.cookie="${languageCookieName}="+l+";path=/;max-age=${languageCookieMaxAgeSeconds};samesite=lax";`,
  "if(document.documentElement.lang!=l)location.replace(location.href)}}}catch(e){}",
].join("");

/** The remembered choice (the cookie, ADR 256), else the language the server chose for this page. */
export function storedLanguage(): Language {
  try {
    return languageFromCookieHeader(document.cookie) ?? documentLanguage;
  } catch {
    return documentLanguage;
  }
}

/** The language switch: remembered in the cookie the server reads (ADR 256), then applied in place. */
export async function changeLanguage(language: Language) {
  try {
    document.cookie = `${languageCookieName}=${language}; path=/; max-age=${languageCookieMaxAgeSeconds}; samesite=lax`;
  } catch {
    // A browser refusing cookies keeps the choice for this page only.
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/**
 * The component's `t` for a namespace (default "common") and the current language; the component
 * re-renders when the language changes. While hydrating, React reads the server snapshot: the
 * language the HTML was rendered in (ADR 256), so a later switch never causes a mismatch.
 */
export function useTranslation<N extends Namespace = "common">(namespace: N = defaultNamespace as N) {
  const language = useSyncExternalStore(subscribe, () => currentLanguage, renderedLanguage);
  // ADR 204: a namespace whose catalogue in this language has not arrived yet suspends the render
  // (React's `use`), so the screen never shows English first and then Swedish.
  const pending = language === defaultLanguage ? null : loadNamespace(language, namespace);
  if (pending) use(pending);
  return useMemo(
    () => ({ t: fixedT(language, namespace), i18n: { language, changeLanguage: i18n.changeLanguage } }),
    [language, namespace],
  );
}
