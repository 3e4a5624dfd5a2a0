import { describe, expect, it } from "vitest";
import "../features/booking/booking-copy.ts";
import { type Catalogue, i18n, isTranslationKey, type TranslationKey } from "./i18n.ts";
import type { commonEnglish } from "./locales/common-en.ts";

// ADR 203: translation keys are checked by `tsc --noEmit` (npm run typecheck). Each
// `@ts-expect-error` below fails the type check if the line it marks stops being an error, so these
// lines pin that a misspelt key, a key of another namespace and a Swedish catalogue with a missing
// or an extra key are refused. The `expect`s pin what the same calls do at run time.

describe("typed translation keys", () => {
  const common = i18n.getFixedT("en");
  const booking = i18n.getFixedT("en", "booking");

  it("accepts the English catalogue's paths, plural bases and namespace:key", () => {
    expect(common("nav.signIn")).toBe("Sign In");
    expect(booking("confirmation.statusValue.completed")).toBe("Completed");
    expect(common("booking:toasts.attemptFailedTitle")).not.toBe("booking:toasts.attemptFailedTitle");
    const key: TranslationKey = "errors.generic";
    expect(common(key)).toBe("Something went wrong. Please try again.");
  });

  it("refuses a misspelt key, another namespace's key and a key built from any string", () => {
    // @ts-expect-error -- misspelt: "nav.signin" is not a key of the common catalogue.
    expect(common("nav.signin")).toBe("nav.signin");
    // @ts-expect-error -- a booking key asked of the common namespace without its prefix.
    expect(common("toasts.attemptFailedTitle")).toBe("toasts.attemptFailedTitle");
    const status: string = "completed";
    // @ts-expect-error -- a template over `string` could be anything; over a union it is checked.
    expect(booking(`confirmation.statusValue.${status}`)).toBe("Completed");
    const checked = `confirmation.statusValue.${status}`;
    expect(isTranslationKey("booking", checked) ? booking(checked) : status).toBe("Completed");
  });

  it("refuses a Swedish catalogue with a missing or an extra key", () => {
    type English = { title: string; nested: { body: string } };
    const complete: Catalogue<English> = { title: "Rubrik", nested: { body: "Text" } };
    // @ts-expect-error -- `nested.body` is missing.
    const missing: Catalogue<English> = { title: "Rubrik", nested: {} };
    // @ts-expect-error -- `extra` is not in English.
    const extra: Catalogue<English> = { title: "Rubrik", nested: { body: "Text" }, extra: "Mer" };
    expect([complete, missing, extra]).toHaveLength(3);
    const commonSwedishShape: keyof Catalogue<typeof commonEnglish> = "nav";
    expect(commonSwedishShape).toBe("nav");
  });
});
