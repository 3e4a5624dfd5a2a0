import { Body, Container, Head, Heading, Html, Link, Section } from "@react-email/components";
import { createElement, Fragment, type ReactNode } from "react";
import type { Language } from "../../../shared/languages.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { Lines, mailColours } from "./blocks.ts";
import { useMailMedium } from "./render-mail.ts";

// The one frame of every mail (ADR 037, 258): the black and gold header, the heading, the body and
// the footer with the support address, in the mail's language. Inline styles only, since mail
// clients drop <style> blocks and external CSS; no external images or fonts. Its text face is the
// heading, the body, a "--" line and the firm's two lines with the support address.
// ADR 209: every mail's copy is a catalogue of the product's one translation system
// (src/shared/translations.ts): English with `{{placeholders}}`, Swedish typed against it, and
// `translator(copy, language)` to read it; src/server/catalogues.test.ts compares the languages.

export type MailLanguage = Language;

const english = {
  footer: "Nordic Shield · Licensed private and VIP security, Sweden. Questions? Write to {{supportLink}}.",
  textFooter: "Nordic Shield · Licensed private and VIP security, Sweden\nQuestions? {{supportEmail}}",
};

const swedish: Catalogue<typeof english> = {
  footer: "Nordic Shield · Auktoriserat bevakningsföretag för privat- och VIP-skydd, Sverige. Frågor? Skriv till {{supportLink}}.",
  textFooter: "Nordic Shield · Auktoriserat bevakningsföretag, Sverige\nFrågor? {{supportEmail}}",
};

export const layoutCopy = { en: english, sv: swedish };

export type MailLayoutProps = {
  language: MailLanguage;
  /** Hidden preview line shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  supportEmail: string;
  children?: ReactNode;
};

/** Where the support link goes in the footer's sentence; the catalogue holds the sentence whole. */
const supportLinkMark = "\u0000";

function Footer({ language, supportEmail }: { language: MailLanguage; supportEmail: string }) {
  const t = translator(layoutCopy, language);
  const [before = "", after = ""] = t("footer", { supportLink: supportLinkMark }).split(supportLinkMark);
  return createElement(
    Section,
    {
      style: {
        padding: "16px 28px 28px 28px",
        borderTop: `1px solid ${mailColours.mist}`,
        fontSize: "12px",
        lineHeight: "1.6",
        color: mailColours.stone,
      },
    },
    `${before}`,
    createElement(
      Link,
      { href: `mailto:${supportEmail}`, style: { color: mailColours.goldText, textDecorationLine: "underline" } },
      supportEmail,
    ),
    `${after}`,
  );
}

export function MailLayout({ language, preheader, heading, supportEmail, children }: MailLayoutProps) {
  if (useMailMedium() === "text")
    return createElement(
      Fragment,
      null,
      createElement("p", null, heading),
      children,
      createElement("p", null, createElement(Lines, { text: `--\n${translator(layoutCopy, language)("textFooter", { supportEmail })}` })),
    );
  return createElement(
    Html,
    { lang: language },
    createElement(
      Head,
      null,
      createElement("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      createElement("title", null, heading),
    ),
    createElement(
      Body,
      {
        style: {
          margin: 0,
          padding: "24px 0",
          backgroundColor: mailColours.paper,
          fontFamily: "Helvetica,Arial,sans-serif",
          color: mailColours.ink,
        },
      },
      createElement("div", { style: { display: "none", maxHeight: 0, overflow: "hidden" } }, preheader),
      createElement(
        Container,
        { style: { maxWidth: "560px", backgroundColor: "#ffffff", border: `1px solid ${mailColours.mist}` } },
        createElement(
          Section,
          { style: { backgroundColor: mailColours.ink, padding: "20px 28px" } },
          createElement(
            "span",
            { style: { color: mailColours.gold, fontSize: "13px", letterSpacing: "4px", fontWeight: "bold" } },
            "NORDIC SHIELD",
          ),
        ),
        createElement(
          Section,
          { style: { padding: "32px 28px 8px 28px" } },
          createElement(
            Heading,
            { as: "h1", style: { margin: "0 0 16px 0", fontSize: "22px", lineHeight: "1.3", color: mailColours.ink } },
            heading,
          ),
          children,
        ),
        createElement(Footer, { language, supportEmail }),
      ),
    ),
  );
}
