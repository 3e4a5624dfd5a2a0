import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageFromCookieHeader, requestLanguage } from "./languages.ts";

// ADR 256: the language a request's page is served in.
describe("the language of a request", () => {
  it("reads the language cookie among others, and ignores a value that is not one of ours", () => {
    expect(languageFromCookieHeader("a=1; language=sv; b=2")).toBe("sv");
    expect(languageFromCookieHeader("language=de")).toBeUndefined();
    expect(languageFromCookieHeader("preferred_language=sv")).toBeUndefined();
    expect(languageFromCookieHeader(undefined)).toBeUndefined();
  });

  it("takes the best-rated of our languages from Accept-Language (RFC 9110 §12.5.4)", () => {
    expect(languageFromAcceptLanguage("sv-SE,sv;q=0.9,en-US;q=0.8")).toBe("sv");
    expect(languageFromAcceptLanguage("en-US,en;q=0.9,sv;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("de;q=1, sv;q=0.3, en;q=0.2")).toBe("sv");
    expect(languageFromAcceptLanguage("sv;q=0, en;q=0.1")).toBe("en");
    expect(languageFromAcceptLanguage("*")).toBe("en");
    expect(languageFromAcceptLanguage("fi, de")).toBeUndefined();
  });

  it("prefers the remembered choice to the browser's languages, and falls back to English", () => {
    expect(requestLanguage("language=en", "sv-SE")).toBe("en");
    expect(requestLanguage(undefined, "sv-SE")).toBe("sv");
    expect(requestLanguage(undefined, undefined)).toBe("en");
  });
});
