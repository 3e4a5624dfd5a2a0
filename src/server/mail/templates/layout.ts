import type { Language } from "../../../shared/languages.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";

// Shared black/gold frame of every mail (ADR 037): inline styles only, since mail
// clients drop <style> blocks and external CSS; no external images or fonts.
// ADR 209: every mail's copy is a catalogue of the product's one translation system
// (src/shared/translations.ts): English with `{{placeholders}}`, Swedish typed against it, and
// `translator(copy, language)` to read it; src/server/catalogues.test.ts compares the languages.

export type MailLanguage = Language;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

// goldText is the darker gold used for links on white (about 6:1, WCAG AA); bright gold only on ink.
const colours = { ink: "#0b0b0c", gold: "#c9a24a", goldText: "#7a5d1e", paper: "#f7f4ee", stone: "#4a4a4f", mist: "#e7e2d8" };

export type LayoutContent = {
  language: MailLanguage;
  /** Hidden preview line shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  /** Already-escaped HTML of the body. */
  bodyHtml: string;
  supportEmail: string;
};

const english = {
  footer: "Nordic Shield · Licensed private and VIP security, Sweden. Questions? Write to {{supportLink}}.",
  textFooter: "Nordic Shield · Licensed private and VIP security, Sweden\nQuestions? {{supportEmail}}",
};

const swedish: Catalogue<typeof english> = {
  footer: "Nordic Shield · Auktoriserat bevakningsföretag för privat- och VIP-skydd, Sverige. Frågor? Skriv till {{supportLink}}.",
  textFooter: "Nordic Shield · Auktoriserat bevakningsföretag, Sverige\nFrågor? {{supportEmail}}",
};

export const layoutCopy = { en: english, sv: swedish };

export function renderLayout(content: LayoutContent): string {
  const support = escapeHtml(content.supportEmail);
  return `<!doctype html>
<html lang="${content.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:${colours.paper};font-family:Helvetica,Arial,sans-serif;color:${colours.ink};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.paper};padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${colours.mist};">
<tr><td style="background:${colours.ink};padding:20px 28px;">
<span style="color:${colours.gold};font-size:13px;letter-spacing:4px;font-weight:bold;">NORDIC SHIELD</span>
</td></tr>
<tr><td style="padding:32px 28px 8px 28px;">
<h1 style="margin:0 0 16px 0;font-size:22px;line-height:1.3;color:${colours.ink};">${escapeHtml(content.heading)}</h1>
${content.bodyHtml}
</td></tr>
<tr><td style="padding:16px 28px 28px 28px;border-top:1px solid ${colours.mist};font-size:12px;line-height:1.6;color:${colours.stone};">
${translator(layoutCopy, content.language)("footer", { supportLink: `<a href="mailto:${support}" style="color:${colours.goldText};">${support}</a>` })}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export const mailStyles = {
  paragraph: `margin:0 0 16px 0;font-size:15px;line-height:1.6;color:${colours.ink};`,
  muted: `margin:0 0 16px 0;font-size:13px;line-height:1.6;color:${colours.stone};`,
  code: `display:inline-block;margin:8px 0 20px 0;padding:14px 12px 14px 24px;background:${colours.ink};color:${colours.gold};font-size:32px;letter-spacing:12px;font-weight:bold;font-family:'Courier New',monospace;`,
  button: `display:inline-block;margin:8px 0 20px 0;padding:14px 28px;background:${colours.gold};color:${colours.ink};font-size:15px;font-weight:bold;text-decoration:none;letter-spacing:1px;`,
};

export function textFooter(language: MailLanguage, supportEmail: string): string {
  return `--\n${translator(layoutCopy, language)("textFooter", { supportEmail })}`;
}
