import type { ReactNode } from "react";
import { sellerReference } from "../../shared/seller.ts";
import { siteConfig } from "../../shared/site-config.ts";
import {
  type Catalogue,
  type CatalogueLoader,
  type Namespace,
  registerTranslations,
  type TranslationObjectKey,
  useTranslation,
} from "../lib/i18n.ts";
import { SearchCallToAction } from "./layout/search-call-to-action.tsx";

// One renderer for the long public pages (docs/product.md §1, §2 "Static legal pages"): each page's copy is a
// typed content object per language, registered by its feature (ADR 003), and drawn here as a hero
// band in the ink/gold style, an optional on-page table of contents and plain prose sections.

export type InfoSection = {
  /** Anchor for the table of contents, e.g. "gdpr-rights". */
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Paragraphs after the list. */
  closing?: string[];
  /** Shows the operator's support e-mail and phone from configuration under the text. */
  contact?: "email" | "email-and-phone";
};

export type InfoPageContent = {
  eyebrow: string;
  title: string;
  /** The first entry is the page's lead paragraph (it is in the prerendered HTML). */
  intro: string[];
  updated?: string;
  /** Short facts shown as a strip under the hero (e.g. licence, 24-hour confirmation). */
  highlights?: { title: string; body: string }[];
  sections: InfoSection[];
  /** A closing line shown in a gold band above the Search call to action. */
  tagline?: string;
};

export const english = { tableOfContents: "On this page", email: "E-mail", phone: "Phone" };

registerTranslations("info-page", { en: english, sv: () => import("./info-page-sv.ts").then((module) => module.swedish) });

declare module "../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "info-page": typeof english;
  }
}

/** Operator details every page may interpolate: {{email}}, {{phone}}, {{registration}}. */
export const siteValues = {
  email: siteConfig.supportEmail,
  phone: siteConfig.supportPhone,
  registration: sellerReference(siteConfig.seller, "en"),
};

/**
 * Registers a page's content object in both languages under `namespace`, at key `page` (or, with
 * `key` null, as the namespace's whole tree). A namespace is registered once. The objects are plain strings, arrays and objects, so they are valid
 * translation trees; optional fields only stop TypeScript from seeing that, hence the one cast.
 */
export function registerPageContent<Content extends object>(
  namespace: Namespace,
  content: { en: Content; sv: Catalogue<Content> | CatalogueLoader<Catalogue<Content>> },
  key: string | null = "page",
) {
  const wrap = (value: unknown) => (key === null ? value : { [key]: value });
  const swedish = content.sv;
  // The page's namespace declares its shape (`{ page: InfoPageContent }`); this wraps it, hence the cast.
  registerTranslations(namespace, {
    en: wrap(content.en),
    sv: typeof swedish === "function" ? () => swedish().then(wrap) : wrap(swedish),
  } as never);
}

/**
 * Reads a content object registered under `namespace` (key `page`) in the current language.
 * `t` with `returnObjects` interpolates every nested string, so copy can mention {{email}} without hard-coding it.
 */
export function useInfoContent<Content = InfoPageContent>(
  namespace: Namespace,
  key = "page",
  values: Record<string, string> = {},
): Content {
  const { t, i18n: current } = useTranslation(namespace);
  const registration = sellerReference(siteConfig.seller, current.language === "sv" ? "sv" : "en");
  // The page's namespace declares `page` (ADR 203); the key is a parameter only for the affiliate page's whole tree.
  return t(key as TranslationObjectKey<typeof namespace>, { returnObjects: true, ...siteValues, registration, ...values }) as Content;
}

export function InfoHero({
  eyebrow,
  title,
  intro,
  updated,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string[];
  updated?: string;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden bg-ink text-paper">
      <HeroArt />
      <div className="container-page relative py-16 sm:py-24">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl text-4xl leading-tight sm:text-5xl">{title}</h1>
        {intro.map((paragraph, index) => (
          <p key={index} className={`max-w-2xl leading-relaxed text-mist ${index === 0 ? "mt-6 text-lg" : "mt-4"}`}>
            {paragraph}
          </p>
        ))}
        {updated && <p className="mt-6 text-sm text-mist">{updated}</p>}
        {children}
      </div>
    </header>
  );
}

/** Decorative shield lines in gold, drawn behind the hero text; hidden from assistive technology. */
function HeroArt() {
  return (
    <svg
      viewBox="0 0 400 400"
      className="pointer-events-none absolute -top-10 -right-24 h-[26rem] w-[26rem] opacity-20 sm:right-0"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-gold" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#e0c07a" />
          <stop offset="1" stopColor="#7a5d1e" />
        </linearGradient>
      </defs>
      {[0, 1, 2, 3].map((ring) => {
        const inset = ring * 28;
        return (
          <path
            key={ring}
            d={`M200 ${40 + inset} L${80 + inset} ${90 + inset * 0.8} V${190} C${80 + inset} ${270 - inset * 0.4} ${130 + inset * 0.5} ${330 - inset} 200 ${360 - inset} C${270 - inset * 0.5} ${330 - inset} ${320 - inset} ${270 - inset * 0.4} ${320 - inset} 190 V${90 + inset * 0.8} Z`}
            fill="none"
            stroke="url(#hero-gold)"
            strokeWidth="2"
          />
        );
      })}
    </svg>
  );
}

export function InfoSections({ sections, showTableOfContents }: { sections: InfoSection[]; showTableOfContents: boolean }) {
  const { t } = useTranslation("info-page");
  return (
    <div className={`container-page py-14 sm:py-20 ${showTableOfContents ? "lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14" : ""}`}>
      {showTableOfContents && (
        <nav
          aria-labelledby="table-of-contents"
          className="mb-10 rounded-lg border border-ink/10 bg-white p-5 lg:sticky lg:top-24 lg:mb-0 lg:self-start"
        >
          <h2 id="table-of-contents" className="font-sans text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">
            {t("tableOfContents")}
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="block rounded py-1 text-stone hover:text-ink hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="prose-page">
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`} className="mb-3">
              {section.heading}
            </h2>
            <div className="space-y-4">
              {section.paragraphs?.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item, index) => (
                    <li key={index}>{item}</li>
                  ))}
                </ul>
              )}
              {section.closing?.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
              {section.contact && <ContactLines withPhone={section.contact === "email-and-phone"} />}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

/** Support contact from configuration (siteConfig), never hard-coded. */
export function ContactLines({ withPhone }: { withPhone: boolean }) {
  const { t } = useTranslation("info-page");
  return (
    <dl className="grid gap-2 rounded-lg border border-ink/10 bg-white p-5 text-ink sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="font-semibold">{t("email")}</dt>
      <dd>
        <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>
      </dd>
      {withPhone && (
        <>
          <dt className="font-semibold">{t("phone")}</dt>
          <dd>
            <a href={`tel:${siteConfig.supportPhone.replace(/\s+/g, "")}`}>{siteConfig.supportPhone}</a>
          </dd>
        </>
      )}
    </dl>
  );
}

function Highlights({ items }: { items: { title: string; body: string }[] }) {
  return (
    <div className="border-b border-gold/30 bg-ink-soft text-paper">
      <ul className="container-page grid gap-px py-2 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item, index) => (
          <li key={index} className="py-6 lg:px-6 lg:first:pl-0">
            <p className="font-display text-xl text-gold-strong">{item.title}</p>
            <p className="mt-1 text-sm leading-relaxed text-mist">{item.body}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Tagline({ text }: { text: string }) {
  return (
    <div className="border-y border-gold/40 bg-ink-soft py-12 text-center">
      <p className="container-page font-display text-2xl text-gold-strong sm:text-3xl">{text}</p>
    </div>
  );
}

/** A whole long page: hero, sections, optional extra content, tagline, then the Search button (docs/product.md §2). */
export function InfoPage({
  content,
  showTableOfContents = false,
  heroActions,
  children,
}: {
  content: InfoPageContent;
  showTableOfContents?: boolean;
  heroActions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <article>
        <InfoHero eyebrow={content.eyebrow} title={content.title} intro={content.intro} updated={content.updated}>
          {heroActions}
        </InfoHero>
        {content.highlights && <Highlights items={content.highlights} />}
        <InfoSections sections={content.sections} showTableOfContents={showTableOfContents} />
        {children}
        {content.tagline && <Tagline text={content.tagline} />}
      </article>
      <SearchCallToAction />
    </>
  );
}
