import { afterEach, describe, expect, it } from "vitest";
import { apiErrorReasons, reasonInEnglish, type ApiErrorReason } from "../../shared/api-error-reasons.ts";
import { apiErrorCodes } from "../../shared/api-errors.ts";
import { ApiError } from "./api-client.ts";
import { english } from "./api-error-texts.ts";
import { i18n, loadLanguage } from "./i18n.ts";
import { swedish } from "./locales/api-errors-sv.ts";
import { swedish as swedishReasons } from "./locales/api-error-reasons-sv.ts";
import { describeApiError, describeFieldError } from "./query-client.ts";

// ADR 205, 211: every API error code and every specific reason has wording in English and Swedish,
// and the one client error edge shows it in the visitor's language.

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

  it("shows an English visitor the code's words for an answer that names no reason, never the server's own text", () => {
    expect(describeApiError(new ApiError(400, "invalid_input", "The Idempotency-Key header must be 1 to 200 visible characters."))).toBe(
      english.invalid_input,
    );
    expect(describeApiError(new ApiError(409, "booking_not_cancellable", ""))).toBe(english.booking_not_cancellable);
    expect(describeApiError(new ApiError(500, "internal_error", "stack trace"))).toBe(english.internal_error);
    expect(describeApiError(new ApiError(507, "storage_full", "Insufficient storage"))).toBe(english.storage_full);
  });

  it("lets a screen's own wording come first", async () => {
    await i18n.changeLanguage("sv");
    const error = new ApiError(400, "incorrect_password", "The current password is incorrect.", {}, { reason: "bookingAlreadyRated" });
    expect(describeApiError(error, { describe: () => "Skärmens egna ord" })).toBe("Skärmens egna ord");
  });
});

// ADR 211: the specific reasons behind the codes, worded in both languages.
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the API's specific reasons on the client", () => {
  it.each(Object.keys(apiErrorReasons) as ApiErrorReason[])(
    "%s has a Swedish wording that names only values the answer carries",
    (reason) => {
      expect(swedishReasons[reason]?.trim(), `Swedish for ${reason}`).toBeTruthy();
      const englishValues = placeholders(apiErrorReasons[reason]);
      for (const name of placeholders(swedishReasons[reason])) expect(englishValues, `{{${name}}} in ${reason}`).toContain(name);
    },
  );

  it("has no Swedish wording for a reason the API does not have", () => {
    expect(Object.keys(swedishReasons).sort()).toEqual(Object.keys(apiErrorReasons).sort());
  });

  it("shows a Swedish visitor the reason's own Swedish sentence", async () => {
    await i18n.changeLanguage("sv");
    const rated = new ApiError(409, "invalid_transition", "This booking is already rated.", {}, { reason: "bookingAlreadyRated" });
    expect(describeApiError(rated)).toBe("Bokningen har redan betygsatts.");
    const limit = new ApiError(
      409,
      "card_limit_reached",
      "You can save at most 5 cards. Please delete one first.",
      {},
      {
        reason: "cardLimit",
        values: { limit: 5 },
      },
    );
    expect(describeApiError(limit)).toBe("Du kan spara högst 5 kort. Ta bort ett först.");
  });

  it("shows an English visitor the reason's English, which is the server's message", () => {
    const message = reasonInEnglish("cardLimit", { limit: 5 });
    expect(message).toBe("You can save at most 5 cards. Please delete one first.");
    expect(describeApiError(new ApiError(409, "card_limit_reached", message, {}, { reason: "cardLimit", values: { limit: 5 } }))).toBe(
      message,
    );
  });

  it("words a field's error by its reason for a Swedish visitor, and keeps the field's English for an English one", async () => {
    const taken = new ApiError(
      400,
      "invalid_input",
      "This e-mail address is already on your profile.",
      { email: "This e-mail address is already on your profile." },
      { reason: "emailAlreadyOnProfile" },
    );
    expect(describeFieldError(taken, "email")).toBe("This e-mail address is already on your profile.");
    await i18n.changeLanguage("sv");
    expect(describeFieldError(taken, "email")).toBe("E-postadressen finns redan i din profil.");
    expect(describeFieldError(taken, "name")).toBeUndefined();
  });

  it("falls back to the code's wording for a reason this client does not know", async () => {
    await i18n.changeLanguage("sv");
    const newer = new ApiError(409, "invalid_transition", "Something newer.", {}, { reason: "aReasonFromANewerServer" });
    expect(describeApiError(newer)).toBe(swedish.invalid_transition);
  });
});
