import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// ADR 123: every "why" in the code must be readable inside the repository. Comments and test titles
// cite docs/product.md §N, an ADR, a docs/<topic>.md page or a public standard; this test fails when
// a citation points outside the repository or at a section, ADR or page that does not exist. It only
// checks what is cited, so a page or ADR added elsewhere is fine the moment it exists.

const root = fileURLToPath(new URL("../..", import.meta.url));
const scannedFolders = ["src", "e2e", "scripts", "bench"];
const textFile = /\.(ts|tsx|js|mjs|cjs|css|html|json|md|sh)$/;

// Spelled in pieces so that this file does not cite them itself.
const outsideDocuments = [new RegExp(`\\b${"SP"}${"EC"}\\b`), new RegExp(`\\b${"ARCHI"}${"TECTURE"}\\.md\\b`)];
const productCitation = /docs\/product\.md\s*((?:§\d+(?:\s*(?:\/|,|and|or)\s*)?)+)/g;
const adrCitation = /\bADRs?\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s*\/\s*)\d{3})*)/g;
const docsPage = /(?<![\w/.-])docs\/[A-Za-z0-9][\w./-]*?\.md\b/g;

type Line = { file: string; line: number; text: string };

function filesUnder(folder: string): string[] {
  const absolute = join(root, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && textFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function scannedLines(): Line[] {
  return scannedFolders.flatMap(filesUnder).flatMap((path) =>
    readFileSync(path, "utf8")
      .split("\n")
      .map((text, index) => ({ file: relative(root, path), line: index + 1, text })),
  );
}

function productSections(): Set<number> {
  const product = readFileSync(join(root, "docs/product.md"), "utf8");
  return new Set([...product.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));
}

function adrNumbers(): Set<string> {
  return new Set(
    readdirSync(join(root, "docs/decisions"))
      .map((name) => /^(\d{3})-.+\.md$/.exec(name)?.[1])
      .filter((number): number is string => number !== undefined),
  );
}

const where = ({ file, line, text }: Line) => `${file}:${line}: ${text.trim()}`;

describe("citations in the code", () => {
  const lines = scannedLines();

  it("reads the code it checks", () => {
    expect(lines.length).toBeGreaterThan(1000);
  });

  it("never cite a document kept outside the repository", () => {
    const offending = lines.filter(({ text }) => outsideDocuments.some((pattern) => pattern.test(text)));
    expect(offending.map(where)).toEqual([]);
  });

  it("cite only sections that docs/product.md has", () => {
    const sections = productSections();
    expect([...sections]).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const offending = lines.filter(({ text }) =>
      [...text.matchAll(productCitation)].some((match) =>
        [...(match[1] ?? "").matchAll(/§(\d+)/g)].some((section) => !sections.has(Number(section[1]))),
      ),
    );
    expect(offending.map(where)).toEqual([]);
  });

  it("cite only ADRs that exist in docs/decisions", () => {
    const adrs = adrNumbers();
    const offending = lines.filter(({ text }) =>
      [...text.matchAll(adrCitation)].some((match) => (match[1] ?? "").match(/\d{3}/g)?.some((number) => !adrs.has(number))),
    );
    expect(offending.map(where)).toEqual([]);
  });

  it("name only docs pages that exist", () => {
    const offending = lines.filter(({ text }) => [...text.matchAll(docsPage)].some((match) => !existsSync(join(root, match[0]))));
    expect(offending.map(where)).toEqual([]);
  });
});
