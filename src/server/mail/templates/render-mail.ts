import { render } from "@react-email/render";
import { createContext, createElement, useContext, type ReactElement } from "react";

export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: "base64" };

/**
 * A mail as a template renders it: subject, HTML and plain text, and its attachments;
 * anonymousSender (ADR 268) sends it from MAIL_FROM's address without its display name.
 */
export type RenderedMail = { subject: string; html: string; text: string; attachments?: MailAttachment[]; anonymousSender?: boolean };

// ADR 258: a mail is one React element, rendered twice by React Email: once as HTML, once through
// its plain-text conversion (`render(element, { plainText: true })`). Each building block
// (blocks.ts, layout.ts) reads the medium it is rendered for and gives its HTML face or its text
// face, so the text part is written by the same tree, in the same order, from the same strings.
// The text face is simple markup whose conversion is exact: <p> a paragraph (a blank line around
// it), <section> a group of lines (a blank line around it), <div> one line, <br> a line break
// inside a value, <pre> text kept as it is.

export type MailMedium = "html" | "text";

const MediumContext = createContext<MailMedium>("html");

/** The medium the block is rendered for. */
export function useMailMedium(): MailMedium {
  return useContext(MediumContext);
}

/** One mail: its subject, its element (a template on the layout) and its attachments. */
export type MailContent = { subject: string; element: ReactElement; attachments?: MailAttachment[] | undefined };

// html-to-text (React Email's converter) has no format for <section>; a group of lines is a block
// with a blank line before and after, like a paragraph.
const textConversion = {
  selectors: [{ selector: "section", format: "block", options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } }],
};

/** Renders a mail's HTML and text parts from its one element (ADR 258). */
export async function renderMail(mail: MailContent): Promise<RenderedMail> {
  const [html, text] = await Promise.all([
    render(createElement(MediumContext.Provider, { value: "html" }, mail.element)),
    render(createElement(MediumContext.Provider, { value: "text" }, mail.element), {
      plainText: true,
      htmlToTextOptions: textConversion,
    }),
  ]);
  return { subject: mail.subject, html, text, ...(mail.attachments && { attachments: mail.attachments }) };
}
