import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { commonEnglish } from "../../lib/locales/common-en.ts";
import { commonSwedish } from "../../lib/locales/common-sv.ts";
import { translationDifferences } from "../translation-parity.ts";
import { Button } from "./button.tsx";
import { Field } from "./field.tsx";
import { FileInput } from "./file-input.tsx";
import { Textarea } from "./textarea.tsx";

// ADR 028: a screen reader reads a field's label, hint and error together only when the markup ties
// them to the control (WCAG 2.2 1.3.1, 3.3.1). These render the kit to HTML and follow the ids.

function parse(html: string) {
  const attribute = (tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
  const textOf = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
  return { attribute, textOf };
}

describe("Field", () => {
  it("names the input by its label and describes it by its hint and its error", () => {
    const html = renderToStaticMarkup(<Field label="E-mail" hint="We never share it" error="Please enter a valid email address" />);
    const { attribute, textOf } = parse(html);
    const id = attribute("input", "id");
    expect(id).toBeTruthy();
    expect(attribute("label", "for")).toBe(id);
    expect(attribute("input", "aria-invalid")).toBe("true");
    const described = (attribute("input", "aria-describedby") ?? "").split(" ").map((part) => textOf(part));
    expect(described).toEqual(["We never share it", "Please enter a valid email address"]);
  });

  it("is neither invalid nor described when there is nothing to say", () => {
    const html = renderToStaticMarkup(<Field label="Full name" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  it("gives two fields on one screen different ids", () => {
    const html = renderToStaticMarkup(
      <>
        <Field label="E-mail" />
        <Field label="Password" type="password" />
      </>,
    );
    const ids = [...html.matchAll(/<input[^>]*\sid="([^"]*)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it("offers a password field a named show-password toggle that controls it", () => {
    const html = renderToStaticMarkup(<Field label="Password" type="password" />);
    const { attribute } = parse(html);
    expect(attribute("button", "aria-label")).toBe("Show password");
    expect(attribute("button", "aria-pressed")).toBe("false");
    expect(attribute("button", "aria-controls")).toBe(attribute("input", "id"));
  });

  it("marks an optional field in its label", () => {
    expect(renderToStaticMarkup(<Textarea label="Message" optional />)).toMatch(/Message<span[^>]*>\(optional\)<\/span><\/label>/);
  });
});

describe("Button", () => {
  it("is busy and cannot be pressed twice while its action runs", () => {
    const html = renderToStaticMarkup(<Button loading>Signing in...</Button>);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("disabled");
    expect(html).toContain('type="button"');
  });
});

describe("FileInput", () => {
  it("states the accepted types and the size limit in the hint tied to the input", () => {
    const html = renderToStaticMarkup(
      <FileInput label="ID document" accept="image/jpeg,application/pdf" typesLabel="JPEG or PDF" maxBytes={5 * 1024 * 1024} />,
    );
    const { attribute, textOf } = parse(html);
    expect(attribute("input", "accept")).toBe("image/jpeg,application/pdf");
    expect(textOf(attribute("input", "aria-describedby") ?? "")).toBe("JPEG or PDF, up to 5 MB");
    expect(html).toContain("No file chosen");
  });
});

describe("kit strings", () => {
  it("exist in Swedish with the same placeholders as in English", () => {
    expect(translationDifferences(commonEnglish.ui, commonSwedish.ui)).toEqual([]);
  });
});
