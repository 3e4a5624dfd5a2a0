import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiErrorCodes } from "./api-errors.ts";

// ADR 025: the web client words failures by code, so a code the server answers but the shared
// union does not list would reach visitors as a generic error. Until every server error is typed
// by the union, this reads the server's sources for the codes it answers.

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith(".ts") && !full.endsWith(".test.ts") ? [full] : [];
  });
}

const codePatterns = [
  /new HttpError\(\s*\d{3},\s*"([a-z_]+)"/g,
  /super\(\s*\d{3},\s*"([a-z_]+)"/g,
  /RateLimitedError\([^;]*?,\s*"([a-z_]+)"\)/g,
  /error: \{ code: "([a-z_]+)"/g,
  /code = "([a-z_]+)"/g,
];

describe("the shared API error codes", () => {
  it("list every code the server answers", () => {
    const server = path.resolve(import.meta.dirname, "../server");
    const answered = new Set<string>();
    for (const file of sourceFiles(server)) {
      const text = readFileSync(file, "utf8");
      for (const pattern of codePatterns) for (const match of text.matchAll(pattern)) answered.add(match[1] ?? "");
    }
    expect(answered.size).toBeGreaterThan(10);
    expect([...answered].filter((code) => !(apiErrorCodes as readonly string[]).includes(code))).toEqual([]);
  });
});
