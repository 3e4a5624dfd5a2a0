// The messages of the account schemas are translation keys, not English text (ADR 027): the web
// forms show them through the i18n module in the visitor's language, and the server answers the
// readable English below (src/server/validation.ts), which is also the web's English copy.

export const validationMessages = {
  "validation.emailRequired": "Email is required",
  "validation.emailInvalid": "Please enter a valid email address",
  "validation.passwordRequired": "Password is required",
  "validation.passwordShort": "Password must be at least 6 characters",
  "validation.passwordLong": "Password must be at most 128 characters",
  "validation.bothRequired": "Please provide both email and password",
  "validation.fullNameRequired": "Full name is required",
  "validation.fullNameShort": "Full name must be at least 3 characters",
  "validation.fullNameLong": "Full name must be at most 120 characters",
  "validation.phoneRequired": "Phone number is required",
  "validation.phoneInvalid": "Please enter a valid phone number",
  "validation.addressRequired": "Address is required",
  "validation.addressShort": "Please enter a complete address",
  "validation.addressLong": "Please keep the address under 200 characters",
  "validation.unsupportedCharacters": "Please remove the unsupported characters.",
  "validation.tooLong": "Please keep this under 100 characters",
  "validation.fillAll": "Please fill in all required fields",
  "validation.mismatch": "Passwords do not match",
  "validation.newPasswordRequired": "Please enter a new password.",
  "validation.codeFormat": "The verification code must be 4 digits",
  "validation.resetLinkInvalid": "This reset link is not valid. Please request a new password reset link.",
  "validation.locationRequired": "Enter location",
  "validation.locationLong": "Please keep the location under 200 characters",
  "validation.startDateRequired": "Select a date",
  "validation.endDateRequired": "Select end date",
  "validation.endBeforeStart": "The end date cannot be before the start date",
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export function isValidationMessageKey(message: string): message is ValidationMessageKey {
  return Object.hasOwn(validationMessages, message);
}

/** The readable English of a schema message (a key); any other text is returned as it is. */
export function validationMessageInEnglish(message: string): string {
  return isValidationMessageKey(message) ? validationMessages[message] : message;
}
