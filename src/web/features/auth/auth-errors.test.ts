import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorCode } from "../../lib/api-client.ts";
import { i18n, type TFunction, loadLanguage } from "../../lib/i18n.ts";
import { attemptsLeftFrom, authErrorMessage, translateFieldMessage } from "./auth-errors.ts";
import "./auth-translations.ts";
import { validationMessages } from "../../../shared/validation-messages.ts";

// ADR 204: the Swedish catalogues arrive in their own chunks, as on a Swedish page.
await loadLanguage("sv");

// The server answers in English; the UI words every failure by code in the visitor's language.

const english = i18n.getFixedT("en", "auth") as TFunction<"auth">;
const swedish = i18n.getFixedT("sv", "auth") as TFunction<"auth">;

describe("authErrorMessage", () => {
  it.each([
    ["invalid_credentials", 401, "The email or password you entered is incorrect", "E-postadressen eller lösenordet du angav är felaktigt"],
    [
      "rate_limited",
      429,
      "Too many attempts. Please wait a few minutes and try again.",
      "För många försök. Vänta några minuter och försök igen.",
    ],
    ["resend_cooldown", 429, "You can request a new code once per minute.", "Du kan begära en ny kod en gång per minut."],
    [
      "account_exists",
      409,
      "An account with this email already exists. Please sign in instead.",
      "Det finns redan ett konto med den här e-postadressen. Logga in i stället.",
    ],
    [
      "code_expired",
      410,
      "Verification code has expired. Please try signing up again.",
      "Verifieringskoden har gått ut. Börja om med att skapa kontot.",
    ],
    [
      "invalid_token",
      400,
      "Failed to reset password. The reset link may have expired. Please request a new password reset link.",
      "Lösenordet kunde inte återställas. Länken kan ha gått ut. Begär en ny länk för lösenordsåterställning.",
    ],
  ] satisfies [ApiErrorCode, number, string, string][])("words %s in English and Swedish", (code, status, inEnglish, inSwedish) => {
    const error = new ApiError(status, code, "server text in English");
    expect(authErrorMessage(error, english)).toBe(inEnglish);
    expect(authErrorMessage(error, swedish)).toBe(inSwedish);
  });

  it("gives any 429 a clear message, hides server faults and keeps unknown 4xx text", () => {
    expect(authErrorMessage(new ApiError(429, "http_error", "x"), english)).toBe(
      "Too many attempts. Please wait a few minutes and try again.",
    );
    expect(authErrorMessage(new ApiError(500, "internal_error", "stack trace here"), english)).toBe(
      "Something went wrong. Please try again.",
    );
    expect(authErrorMessage(new ApiError(400, "invalid_input", "Please enter a valid email address"), swedish)).toBe(
      "Ange en giltig e-postadress",
    );
    expect(authErrorMessage(new TypeError("boom"), english)).toBe("Something went wrong. Please try again.");
  });
});

describe("translateFieldMessage", () => {
  it("translates the shared schema's English messages and leaves unknown text alone", () => {
    expect(translateFieldMessage("Passwords do not match", swedish)).toBe("Lösenorden matchar inte");
    expect(translateFieldMessage("Please fill in all required fields", swedish)).toBe("Fyll i alla obligatoriska fält");
    expect(translateFieldMessage(validationMessages["validation.unsupportedCharacters"], swedish)).toBe("Ta bort tecknen som inte stöds.");
    expect(translateFieldMessage("Something specific", swedish)).toBe("Something specific");
    expect(translateFieldMessage(undefined, swedish)).toBeUndefined();
  });
});

describe("attemptsLeftFrom", () => {
  it("reads the attempts left from the field errors, when present", () => {
    expect(attemptsLeftFrom(new ApiError(400, "invalid_code", "x", { attemptsLeft: "3" }))).toBe(3);
    expect(attemptsLeftFrom(new ApiError(400, "invalid_code", "x", {}))).toBeNull();
    expect(attemptsLeftFrom(new ApiError(400, "invalid_code", "x", { attemptsLeft: "many" }))).toBeNull();
  });
});
