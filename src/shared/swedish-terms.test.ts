import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One Swedish word for a guard throughout the product: "väktare" (the term of Swedish security
// work; ADR 209 chose it for the booking options). "Vakt" beside it on another screen reads as a
// different job.

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("Swedish terms", () => {
  it("call a guard 'väktare' everywhere, never 'vakt'", () => {
    const offending = sourceFiles(join(import.meta.dirname, "..")).flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => /\b[Vv]akt(er|en|erna|ens)?\b/.test(line))
        .map(({ index }) => `${path}:${index + 1}`),
    );
    expect(offending).toEqual([]);
  });
});
