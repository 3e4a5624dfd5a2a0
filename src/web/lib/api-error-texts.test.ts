import { afterEach, describe, expect, it } from "vitest";
import { apiErrorCodes } from "../../shared/api-errors.ts";
import { ApiError } from "./api-client.ts";
import { english } from "./api-error-texts.ts";
import { i18n, loadLanguage } from "./i18n.ts";
import { swedish } from "./locales/api-errors-sv.ts";
import { describeApiError } from "./query-client.ts";

// ADR 205: every API error code has wording in English and Swedish, and the one client error edge
// shows it in the visitor's language.

await loadLanguage("sv");

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the API's error codes on the client", () => {
  it.each(apiErrorCodes)("%s has an English and a Swedish wording", (code) => {
    expect(english[code]?.trim(), `English for ${code}`).toBeTruthy();
    expect(swedish[code]?.trim(), `Swedish for ${code}`).toBeTruthy();
    expect(i18n.getFixedT("sv", "apiErrors")(code)).toBe(swedish[code]);
  });

  it("has no wording for a code the API does not have", () => {
    expect(Object.keys(english).sort()).toEqual([...apiErrorCodes].sort());
    expect(Object.keys(swedish).sort()).toEqual([...apiErrorCodes].sort());
  });

  it("shows a Swedish visitor the code's Swedish, never the server's English", async () => {
    await i18n.changeLanguage("sv");
    const refused = new ApiError(409, "invalid_transition", "This booking is already rated.");
    expect(describeApiError(refused)).toBe(swedish.invalid_transition);
    expect(describeApiError(new ApiError(503, "database_unavailable", "Database unavailable"))).toBe(swedish.database_unavailable);
  });

  it("shows an English visitor the server's own English, and the code's words where it has none", () => {
    expect(describeApiError(new ApiError(409, "invalid_transition", "This booking is already rated."))).toBe(
      "This booking is already rated.",
    );
    expect(describeApiError(new ApiError(409, "booking_not_cancellable", ""))).toBe(english.booking_not_cancellable);
    expect(describeApiError(new ApiError(500, "internal_error", "stack trace"))).toBe(english.internal_error);
    expect(describeApiError(new ApiError(507, "storage_full", "Insufficient storage"))).toBe(english.storage_full);
  });

  it("lets a screen's own wording come first", async () => {
    await i18n.changeLanguage("sv");
    const error = new ApiError(400, "incorrect_password", "The current password is incorrect.");
    expect(describeApiError(error, { describe: () => "Skärmens egna ord" })).toBe("Skärmens egna ord");
  });
});
