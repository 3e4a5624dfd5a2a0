import { describe, expect, it } from "vitest";
import { dialogSignUpFormSchema, personalDetailsFormSchema, signUpSchema } from "./account.ts";
import { isValidationMessageKey, validationMessageInEnglish } from "./validation-messages.ts";

// ADR 027: one schema per concept. The sign-up forms are the sign-up fields under the same names,
// and every message is a translation key that also has its English for the server's answers.
describe("the account schemas", () => {
  it("build the sign-up forms from the sign-up fields under their own names", () => {
    const signUpFields = Object.keys(signUpSchema.shape);
    for (const field of Object.keys(dialogSignUpFormSchema.shape)) expect(signUpFields).toContain(field);
    const details = personalDetailsFormSchema.safeParse({});
    const failedFields = new Set(details.error?.issues.map((issue) => String(issue.path[0])));
    for (const field of failedFields) if (field !== "confirmPassword") expect(signUpFields).toContain(field);
    expect(failedFields).toContain("postalCode");
  });

  it("answer translation keys, each with its English", () => {
    const empty = dialogSignUpFormSchema.safeParse({ email: "", password: "", fullName: "", phoneNumber: "", streetAddress: "" });
    const messages = empty.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain("validation.emailRequired");
    for (const message of messages) {
      expect(isValidationMessageKey(message), message).toBe(true);
      expect(validationMessageInEnglish(message)).not.toMatch(/^validation\./);
    }
    const mismatch = personalDetailsFormSchema.safeParse({
      fullName: "Astrid Lindqvist",
      phoneNumber: "+46 70 123 45 67",
      streetAddress: "Storgatan 1",
      city: "Stockholm",
      country: "Sweden",
      postalCode: "111 22",
      password: "correct horse",
      confirmPassword: "another horse",
    });
    expect(mismatch.error?.issues.map((issue) => validationMessageInEnglish(issue.message))).toEqual(["Passwords do not match"]);
  });
});
