import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages } from "../shared/languages.ts";
import { catalogueDifferences } from "../shared/translator.ts";

// ADR 209: the copy the server writes in the reader's language (mails, documents, the sentences
// the web client shares with them) is an English catalogue and a Swedish one typed against it,
// exported by its module as `…Copy`. The types refuse a missing or extra key; this test also
// refuses a text whose placeholders differ from the English (a Swedish subject that lost
// `{{reference}}`), and a module that translates without exporting its catalogue for this test.

const root = new URL("../", import.meta.url);
const modules = ["server", "shared"]
  .flatMap((folder) => readdirSync(new URL(`${folder}/`, root), { recursive: true, encoding: "utf8" }).map((path) => `${folder}/${path}`))
  .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && path !== "shared/translator.ts")
  .filter((path) => readFileSync(new URL(path, root), "utf8").includes("translator("))
  .sort();

describe("server catalogues", () => {
  it("finds the mails' and the documents' catalogues", () => {
    expect(modules).toContain("server/mail/templates/booking-confirmation.ts");
    expect(modules).toContain("server/features/invoices/pdf.ts");
  });

  it.each(modules)("%s: every language has the English keys and placeholders", async (path) => {
    const exports = (await import(new URL(path, root).href)) as Record<string, unknown>;
    const copies = Object.entries(exports).filter(([name]) => name.endsWith("Copy"));
    expect(copies.length, `${path} exports its catalogue as …Copy`).toBeGreaterThan(0);
    for (const [name, copy] of copies) {
      const catalogues = copy as Record<string, unknown>;
      for (const language of languages)
        expect(catalogueDifferences(catalogues.en, catalogues[language]), `${name}.${language}`).toEqual([]);
    }
  });
});
