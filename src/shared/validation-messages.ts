// The messages of the account, booking and affiliate schemas are translation keys, not English
// text (ADR 027): the web forms show them through the i18n module in the visitor's language, and
// the server answers the readable English below (src/server/validation.ts), which is also the
// web's English copy. Each concept lists the keys its schemas use, so a page's namespace carries
// only its own messages; a key shared by two concepts has one English text.

export const accountValidationMessages = {
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

/** docs/product.md §3 and §5: src/shared/booking.ts. */
export const bookingValidationMessages = {
  "validation.locationRequired": accountValidationMessages["validation.locationRequired"],
  "validation.locationLong": accountValidationMessages["validation.locationLong"],
  "validation.startDateRequired": accountValidationMessages["validation.startDateRequired"],
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
  "validation.serviceRequired": "Select a service",
  "validation.servicesMaximum": "At most 10 services per booking",
  "validation.guardsRequired": "Choose the number of guards",
  "validation.guardsWhole": "Choose a whole number of guards",
  "validation.guardsMinimum": "Choose at least 1 guard",
  "validation.guardsMaximum": "Choose at most 10 guards",
  "validation.daysRequired": "Choose the number of days",
  "validation.daysWhole": "Choose a whole number of days",
  "validation.daysMinimum": "A booking lasts at least 1 day",
  "validation.daysMaximum": "A booking can cover at most 365 days",
  "validation.noteLong": "Please keep the note to the team under 1,000 characters",
  "validation.timeFormat": "Enter a time as HH:MM",
  "validation.timesTogether": "Enter both the start time and the end time, or neither",
  "validation.timesOutsideBand":
    "These times fall outside the time of day you chose (Day 06:00–22:00, Night 18:00–08:00). Change the times or choose Day & Night.",
  "validation.timesLongerThanHours": "These times last longer than the hours per day you chose. Shorten them or choose more hours.",
  "validation.meetingPointLong": "Please keep the meeting point under 200 characters",
  "validation.principalNameLong": "Please keep the name under 100 characters",
  "validation.codenameLong": "Please keep the codename under 40 characters",
  "validation.principalNameRequired": "Enter the protected person's name or a codename",
  "validation.principalPhoneInvalid": "Please enter a valid phone number for the protected person",
} as const;

/** docs/product.md §2 PASSWORD block, two-factor codes and account deletion: src/shared/account-security.ts. */
export const securityValidationMessages = {
  "validation.passwordRequired": accountValidationMessages["validation.passwordRequired"],
  "validation.passwordShort": accountValidationMessages["validation.passwordShort"],
  "validation.passwordLong": accountValidationMessages["validation.passwordLong"],
  "validation.bothPasswordsRequired": "Please fill in both password fields",
  "validation.totpFormat": "Enter the 6-digit code from your authenticator app",
  "validation.backupCodeFormat": "Enter one of your backup codes",
  // ADR 270: the name a person gives a passkey.
  "validation.passkeyNameRequired": "Give the passkey a name, for example the device it is on",
  "validation.passkeyNameLong": "Please keep the name under 60 characters",
} as const;

/** The ambassador interest form (docs/product.md §1): src/shared/affiliate.ts. */
export const affiliateValidationMessages = {
  "validation.fullNameShort": accountValidationMessages["validation.fullNameShort"],
  "validation.nameLong": "Please keep the name under 120 characters",
  "validation.emailInvalid": accountValidationMessages["validation.emailInvalid"],
  "validation.audienceRequired": "Please choose what describes you best",
  "validation.messageLong": "Please keep the message under 2000 characters",
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
} as const;

/** docs/product.md §2 security page, I.C.E. contacts: src/shared/emergency-contacts.ts. */
export const emergencyContactValidationMessages = {
  "validation.contactNameRequired": "Please enter the contact's name",
  "validation.phoneRequired": accountValidationMessages["validation.phoneRequired"],
  "validation.phoneInvalid": accountValidationMessages["validation.phoneInvalid"],
  "validation.emailInvalid": accountValidationMessages["validation.emailInvalid"],
  "validation.tooLong": accountValidationMessages["validation.tooLong"],
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
} as const;

/** docs/product.md §2 payment methods and ID verification: src/shared/wallet.ts. */
export const walletValidationMessages = {
  "validation.cardNumberRequired": "Enter the card number",
  "validation.cardNumberInvalid": "This card number is not valid. Please check it.",
  "validation.cardBrandUnsupported": "We accept Visa, Mastercard, American Express, Discover, Diners Club and JCB cards.",
  "validation.expiryRequired": "Enter the expiry date",
  "validation.expiryFormat": "Enter the expiry date as MM/YY",
  "validation.expiryMonth": "The month must be between 01 and 12",
  "validation.expiryPast": "This card has expired",
  "validation.expiryFar": "Please check the expiry year",
  "validation.cvvRequired": "Enter the security code (CVV)",
  "validation.cvvInvalid": "Enter the 3-digit security code from the back of the card",
  "validation.cvvAmex": "Enter the 4-digit security code from the front of the card",
  "validation.idTypeRequired": "Choose the type of document",
} as const;

/** The dashboard's profile (docs/product.md §2, §5 'Field edits': '{field} cannot be empty'): src/shared/profile.ts. */
export const profileValidationMessages = {
  "validation.nameEmpty": "Name cannot be empty",
  "validation.phoneEmpty": "Phone nr. cannot be empty",
  "validation.streetEmpty": "Street address cannot be empty",
  "validation.cityEmpty": "City cannot be empty",
  "validation.countryEmpty": "Country cannot be empty",
  "validation.postcodeEmpty": "Zip/postcode cannot be empty",
  "validation.emailEmpty": "Email cannot be empty",
  "validation.emailInvalid": accountValidationMessages["validation.emailInvalid"],
  "validation.fullNameShort": accountValidationMessages["validation.fullNameShort"],
  "validation.fullNameLong": accountValidationMessages["validation.fullNameLong"],
  "validation.phoneInvalid": accountValidationMessages["validation.phoneInvalid"],
  "validation.addressShort": accountValidationMessages["validation.addressShort"],
  "validation.addressLong": accountValidationMessages["validation.addressLong"],
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
  "validation.tooLong": accountValidationMessages["validation.tooLong"],
  "validation.codeFormat": accountValidationMessages["validation.codeFormat"],
  "validation.nothingToSave": "Change at least one detail before saving.",
} as const;

/** A business customer's company fields (docs/invoices.md): src/shared/invoicing.ts. */
export const businessValidationMessages = {
  "validation.companyName": "Enter the company's registered name (2 to 120 characters)",
  "validation.organisationNumber":
    "Enter the Swedish organisation number of the VAT number, e.g. 556012-5790 (its last digit is a check digit)",
  "validation.vatNumber": "Enter an EU VAT number with its country prefix, e.g. SE556012579001",
  "validation.billingAddress": "Enter the billing address (street, postcode and town)",
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
} as const;

/** docs/product.md §12 the booking's message thread: src/shared/booking-messages.ts. */
export const threadValidationMessages = {
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
  "validation.threadMessageRequired": "Write a message first",
  "validation.threadMessageLong": "A message can be at most 4,000 characters",
} as const;

/** docs/companies.md: a company's members, policy and bookings: src/shared/companies.ts. */
export const companyValidationMessages = {
  "validation.costCentre": "A cost centre has 1 to 40 characters",
  "validation.amount": "Enter an amount in euros, e.g. 1500 or 1500.50",
  "validation.emailInvalid": accountValidationMessages["validation.emailInvalid"],
  "validation.unsupportedCharacters": accountValidationMessages["validation.unsupportedCharacters"],
  "validation.tooLong": accountValidationMessages["validation.tooLong"],
} as const;

export const validationMessages = {
  ...accountValidationMessages,
  ...bookingValidationMessages,
  ...affiliateValidationMessages,
  ...emergencyContactValidationMessages,
  ...walletValidationMessages,
  ...securityValidationMessages,
  ...profileValidationMessages,
  ...businessValidationMessages,
  ...threadValidationMessages,
  ...companyValidationMessages,
};

export type BookingValidationMessageKey = keyof typeof bookingValidationMessages;
export type AffiliateValidationMessageKey = keyof typeof affiliateValidationMessages;
export type EmergencyContactValidationMessageKey = keyof typeof emergencyContactValidationMessages;
export type WalletValidationMessageKey = keyof typeof walletValidationMessages;
export type ProfileValidationMessageKey = keyof typeof profileValidationMessages;
export type ThreadValidationMessageKey = keyof typeof threadValidationMessages;
export type ValidationMessageKey = keyof typeof validationMessages;

export function isValidationMessageKey(message: string): message is ValidationMessageKey {
  return Object.hasOwn(validationMessages, message);
}

/** The readable English of a schema message (a key); any other text is returned as it is. */
export function validationMessageInEnglish(message: string): string {
  return isValidationMessageKey(message) ? validationMessages[message] : message;
}

type ValidationName<Key> = Key extends `validation.${infer Name}` ? Name : never;

/** A namespace's `validation` subtree: one text per key of a concept, without the `validation.` prefix. */
export type ValidationTexts<Messages extends Record<string, string>> = Record<ValidationName<keyof Messages>, string>;

/** `{ "validation.emailRequired": "Email is required" }` → `{ emailRequired: "Email is required" }`: the English subtree. */
export function validationTexts<Messages extends Record<string, string>>(messages: Messages): ValidationTexts<Messages> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [key.slice("validation.".length), text]),
  ) as ValidationTexts<Messages>;
}
