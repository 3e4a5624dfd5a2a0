import { profileValidationMessages, validationTexts } from "../../../../shared/validation-messages.ts";
import { registerTranslations } from "../../../lib/i18n.ts";

// docs/product.md §2 Profile page ('Contact Details') and the profile screen with settings dialogs; §8
// dashboard and settings-profile messages. The field labels are the upper-case ones of docs/product.md §2.

export const english = {
  heading: "Contact Details",
  loading: "Loading your profile…",
  loadFailed: "Failed to load profile data",
  fields: {
    fullName: "NAME",
    phoneNumber: "PHONE NR.",
    email: "E-MAIL",
    address: "STREET ADDRESS",
    city: "CITY",
    country: "COUNTRY",
    postalCode: "ZIP/POSTCODE",
  },
  /** The field as it reads inside a sentence ('Name updated successfully'). */
  fieldNames: {
    fullName: "Name",
    phoneNumber: "Phone nr.",
    address: "Street address",
    city: "City",
    country: "Country",
    postalCode: "Zip/postcode",
  },
  signInAddress: "Your sign-in address; it cannot be changed here.",
  addressHeading: "Address",
  update: "UPDATE",
  updating: "UPDATING...",
  updateField: "Update {{field}}",
  fieldUpdated: "{{field}} updated successfully",
  updateFailed: "Failed to update profile",
  avatar: {
    label: "Change profile picture",
    takePhoto: "Take Photo",
    upload: "Upload",
    remove: "Remove Photo",
    cancel: "Cancel",
    uploading: "Uploading your picture…",
    uploaded: "Profile picture updated successfully",
    uploadFailed: "Failed to update profile picture",
    removed: "Profile picture removed successfully",
    removeFailed: "Failed to remove profile picture",
    tooLarge: "The picture is larger than 5 MB. Please choose a smaller one.",
    wrongType: "Please choose a JPEG, PNG or WebP picture.",
    alt: "Profile picture",
  },
  emails: {
    heading: "Additional e-mails",
    intro: "Extra addresses we may use to reach you. Each one counts once you confirm it with the code we send to it.",
    label: "Additional e-mail {{number}}",
    newLabel: "New e-mail address",
    add: "Add another E-mail",
    save: "Add",
    cancel: "Cancel",
    delete: "Delete {{email}}",
    verified: "Verified",
    unverified: "Unverified",
    added: "E-mail added. We sent a 4-digit code to {{email}}.",
    changed: "E-mail updated. We sent a 4-digit code to {{email}}.",
    deleted: "E-mail removed",
    verifiedToast: "{{email}} is verified",
    enterCode: "Enter the code",
    codeLabel: "4-digit code sent to {{email}}",
    verify: "Verify",
    resend: "Send a new code",
    resendIn: "Send a new code in {{seconds}} s",
    codeSent: "A new code is on its way to {{email}}.",
    limit: "You can add up to {{count}} e-mail addresses.",
    failed: "Failed to update e-mail",
    invalidCode: "The verification code you entered is incorrect. Please try again.",
    codeExpired: "This code has expired. Please send a new code.",
    tooManyAttempts: "Too many incorrect codes. Please send a new code.",
  },
  missing: {
    title: "A few details are missing",
    body: "Add your {{fields}} so that our team can plan assignments and send invoices to the right place.",
    action: "Fill in now",
    and: "and",
    fields: { city: "city", country: "country", postalCode: "postcode", phoneNumber: "phone number", address: "street address" },
  },
  settings: {
    title: "Profile",
    cardTitle: "Account Settings",
    personal: { title: "Personal Information", description: "Your name, contact details and address" },
    security: { title: "Security Settings", description: "Password and two-factor authentication" },
    wallet: { title: "Wallet Settings", description: "Saved payment methods" },
    notifications: { title: "Notification Preferences", description: "How we keep you updated" },
    open: "Open {{title}}",
    close: "Close",
  },
  personal: {
    basic: "Basic Information",
    addressSection: "Address Information",
    additional: "Additional Information",
    fullName: "Full name",
    email: "E-mail",
    phone: "Phone number",
    street: "Street address",
    city: "City",
    postalCode: "ZIP / Postcode",
    country: "Country",
    language: "Preferred language",
    languageHint: "The language of our e-mails to you.",
    languages: { en: "English", sv: "Svenska (Swedish)" },
    cancel: "Cancel",
    save: "Save Changes",
    saved: "Profile Updated",
    savedBody: "Your information has been successfully saved.",
  },
  notifications: {
    email: "Email Notifications",
    emailHint: "Receive updates via email",
    push: "Push Notifications",
    pushHint: "Receive mobile notifications",
    essential: "Codes, password resets and booking confirmations are always sent.",
    saved: "Notification preferences saved",
    failed: "Failed to save notification preferences",
  },
  validation: validationTexts(profileValidationMessages),
};

registerTranslations("profile", { en: english, sv: () => import("./profile-sv.ts").then((module) => module.swedish) });

declare module "../../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    profile: typeof english;
  }
}
