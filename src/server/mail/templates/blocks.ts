import { Button, Link, Text } from "@react-email/components";
import { createContext, createElement, Fragment, useContext, type ReactNode } from "react";
import { useMailMedium } from "./render-mail.ts";

// ADR 258: the building blocks of a mail's body. Each has an HTML face (inline styles, React Email's
// components) and a text face (render-mail.ts): a paragraph stands apart by a blank line, inside a
// Group it is one line among others. A template composes these blocks inside MailLayout and never
// writes markup or escapes text itself: React escapes every string.

// goldText is the darker gold used for links on white (about 6:1, WCAG AA); bright gold only on ink.
export const mailColours = {
  ink: "#0b0b0c",
  gold: "#c9a24a",
  goldText: "#7a5d1e",
  paper: "#f7f4ee",
  stone: "#4a4a4f",
  mist: "#e7e2d8",
};

const InGroupContext = createContext(false);

const styles = {
  paragraph: { margin: "0 0 16px 0", fontSize: "15px", lineHeight: "1.6", color: mailColours.ink },
  muted: { margin: "0 0 16px 0", fontSize: "13px", lineHeight: "1.6", color: mailColours.stone },
  code: {
    display: "inline-block",
    margin: "8px 0 20px 0",
    padding: "14px 12px 14px 24px",
    backgroundColor: mailColours.ink,
    color: mailColours.gold,
    fontSize: "32px",
    letterSpacing: "12px",
    fontWeight: "bold",
    fontFamily: "'Courier New',monospace",
  },
  button: {
    display: "inline-block",
    margin: "8px 0 20px 0",
    padding: "14px 28px",
    backgroundColor: mailColours.gold,
    color: mailColours.ink,
    fontSize: "15px",
    fontWeight: "bold",
    textDecoration: "none",
    letterSpacing: "1px",
  },
  cell: { padding: "8px 0", borderBottom: `1px solid ${mailColours.mist}`, fontSize: "14px", lineHeight: "1.5", verticalAlign: "top" },
} as const;

export const blockStyles = styles;

/** A text whose line breaks are kept: each "\n" becomes a <br>, in both faces. */
export function Lines({ text }: { text: string }) {
  const lines = text.split("\n");
  return createElement(
    Fragment,
    null,
    ...lines.flatMap((line, index) => (index === 0 ? [line] : [createElement("br", { key: index }), line])),
  );
}

/** The text face of a block: a paragraph of its own, or one line of the group around it. */
function TextBlock({ children }: { children: ReactNode }) {
  return createElement(useContext(InGroupContext) ? "div" : "p", null, children);
}

/**
 * Blocks whose text faces are lines of one paragraph (no blank line between them), such as the
 * details of a booking; in the HTML each keeps its own face.
 */
export function Group({ children }: { children: ReactNode }) {
  const content = createElement(InGroupContext.Provider, { value: true }, children);
  return useMailMedium() === "text" ? createElement("section", null, content) : content;
}

export type ParagraphProps = { text: string; tone?: "muted"; strong?: boolean };

export function Paragraph({ text, tone, strong }: ParagraphProps) {
  const lines = createElement(Lines, { text });
  if (useMailMedium() === "text") return createElement(TextBlock, null, lines);
  return createElement(
    Text,
    { style: tone === "muted" ? styles.muted : styles.paragraph },
    strong ? createElement("strong", null, lines) : lines,
  );
}

/** A one-time code, large in the HTML and indented by four spaces in the text. */
export function Code({ code }: { code: string }) {
  if (useMailMedium() === "text") return createElement("pre", null, `    ${code}`);
  return createElement("div", { style: styles.code }, code);
}

export type ActionProps = {
  href: string;
  label: string;
  /** A sentence shown under the button with the address itself; the text face is then the bare address. */
  fallback?: string;
};

/** The mail's call to action: a button in the HTML, "label: address" in the text. */
export function Action({ href, label, fallback }: ActionProps) {
  if (useMailMedium() === "text") return createElement(TextBlock, null, fallback === undefined ? `${label}: ${href}` : href);
  return createElement(
    Fragment,
    null,
    createElement(Button, { href, style: styles.button }, label),
    fallback !== undefined &&
      createElement(
        Text,
        { style: styles.muted },
        fallback,
        createElement("br"),
        createElement(
          Link,
          { href, style: { color: mailColours.goldText, wordBreak: "break-all", textDecorationLine: "underline" } },
          href,
        ),
      ),
  );
}

export type FieldProps = {
  label: string;
  value: string;
  /** "below": the value starts on the line after its label (a note, a reason of several lines). */
  layout?: "inline" | "below";
};

/** A labelled value: "label: value", the label bold in the HTML. */
export function Field({ label, value, layout = "inline" }: FieldProps) {
  const lines = createElement(Lines, { text: value });
  if (useMailMedium() === "text")
    return createElement(
      TextBlock,
      null,
      layout === "below" ? `${label}:` : `${label}: `,
      layout === "below" && createElement("br"),
      lines,
    );
  return createElement(
    Text,
    { style: styles.paragraph },
    createElement("strong", null, `${label}:`),
    layout === "below" ? createElement("br") : " ",
    lines,
  );
}

/** Label and value rows: a two-column table in the HTML, "label: value" lines in the text. */
export function DetailTable({ rows }: { rows: [string, string][] }) {
  if (useMailMedium() === "text")
    return createElement(Group, null, ...rows.map(([label, value], index) => createElement(Field, { key: index, label, value })));
  return createElement(
    "table",
    { role: "presentation", width: "100%", cellPadding: 0, cellSpacing: 0, style: { margin: "0 0 20px 0" } },
    createElement(
      "tbody",
      null,
      ...rows.map(([label, value], index) =>
        createElement(
          "tr",
          { key: index },
          createElement("td", { style: { ...styles.cell, color: mailColours.stone, width: "40%" } }, label),
          createElement("td", { style: styles.cell }, value),
        ),
      ),
    ),
  );
}
