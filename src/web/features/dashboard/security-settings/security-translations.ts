import { securityValidationMessages, validationTexts } from "../../../../shared/validation-messages.ts";
import { registerTranslations } from "../../../lib/i18n.ts";

// docs/product.md §2 PASSWORD block, Security Settings (Change Password, 'Secure your account with 2FA'),
// DELETE ACCOUNT and the data export, with the §8 wording in English; Swedish is ours.

const englishValidation = validationTexts(securityValidationMessages);

export const english = {
  validation: englishValidation,
  password: {
    heading: "PASSWORD",
    current: "Current password",
    new: "New password",
    newHint: "At least 6 characters. Other devices are signed out when you change it.",
    update: "UPDATE",
    updating: "UPDATING...",
    updated: "Password updated successfully",
    failed: "Failed to update password",
    incorrect: "Current password is incorrect",
    weak: "This password is too easy to guess. Choose a longer or less common one.",
  },
  settings: {
    heading: "Security Settings",
    changePassword: "Change Password",
    hidePassword: "Hide password form",
  },
  twoFactor: {
    heading: "Two-Factor Authentication",
    label: "Two-Factor Authentication",
    hint: "Secure your account with 2FA",
    on: "On: signing in asks for a code from your authenticator app.",
    off: "Off: signing in needs only your password.",
    loadFailed: "Could not load your security settings.",
    enableTitle: "Turn on two-factor authentication",
    enablePasswordIntro: "Enter your password to start.",
    password: "Password",
    continue: "Continue",
    cancel: "Cancel",
    scanIntro: "Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).",
    qrAlt: "QR code to add your Nordic Shield account to an authenticator app",
    manualIntro: "Cannot scan? Enter this key in the app instead:",
    secretLabel: "Setup key",
    codeLabel: "6-digit code from the app",
    codeIntro: "Enter the 6-digit code from your authenticator app",
    confirm: "Turn on",
    confirming: "Turning on...",
    backupTitle: "Save your backup codes",
    backupIntro: "If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe: they are shown only now.",
    copy: "Copy codes",
    copied: "Backup codes copied",
    copyFailed: "Could not copy. Please select the codes and copy them by hand.",
    download: "Download codes",
    done: "Done",
    enabled: "Two-factor authentication is on",
    disableTitle: "Turn off two-factor authentication",
    disableIntro:
      "Enter your password and the 6-digit code from your authenticator app to turn off two-factor authentication. Signing in will then need only your password.",
    disable: "Turn off",
    disabling: "Turning off...",
    disabled: "Two-factor authentication is off",
    failed: "Could not change two-factor authentication",
    invalidCode: "The code is not correct. Please try again.",
    backupFileTitle: "Nordic Shield backup codes",
  },
  passkeys: {
    heading: "Passkeys",
    intro:
      "Sign in with your fingerprint, face or device PIN instead of a password. A passkey works only on this site, so a look-alike page cannot use it.",
    none: "No passkeys yet.",
    listLabel: "Your passkeys",
    unnamed: "Passkey",
    addedOn: "Added {{date}}",
    synced: "Synced between your devices",
    nameLabel: "Name of the new passkey",
    nameHint: "For example the device it is on: Work laptop, My phone.",
    add: "Add a passkey",
    adding: "Waiting for your device...",
    added: "Passkey added",
    cancelled: "No passkey was added. Try again when your device asks.",
    rename: "Rename",
    renameTitle: "Rename passkey",
    save: "Save",
    renamed: "Passkey renamed",
    remove: "Remove",
    removeTitle: "Remove this passkey?",
    removeBody: '"{{name}}" will no longer sign you in. Remove it from your device\'s password manager too.',
    removed: "Passkey removed",
    loadFailed: "Could not load your passkeys.",
    failed: "Could not change your passkeys",
    ceremonyFailed: "Your device's answer could not be checked. Please try again.",
  },
  data: {
    heading: "YOUR DATA",
    intro:
      "Download a copy of everything we keep about your account (GDPR): profile, bookings with their payments, receipts and messages, saved cards, contacts and sign-ins.",
    contents: "You get one zip file: summary.html to read in your browser, and data.json for moving your data to another service.",
    download: "Download my data",
    failed: "Your data could not be downloaded",
  },
  deletion: {
    heading: "DELETE ACCOUNT",
    intro:
      "Deleting your account removes your profile, saved cards, documents, contacts and sign-ins. Past bookings are kept without your name for our accounting.",
    button: "Delete Account",
    checking: "Checking...",
    checkFailed: "Could not check upcoming bookings.",
    blockedTitle: "Cannot Delete Account",
    blockedBody: "You have upcoming bookings. Please cancel them before deleting your account.",
    confirmTitle: "Delete your account?",
    confirmBody: "This cannot be undone. Enter your password to confirm.",
    password: "Password",
    cancel: "Cancel",
    confirm: "Delete my account",
    deleting: "Deleting...",
    deletedTitle: "Account Deleted",
    deletedBody: "Your account has been successfully deleted.",
    failed: "Failed to delete account. Please try again.",
    errorTitle: "Error",
  },
};

registerTranslations("security-settings", { en: english, sv: () => import("./security-sv.ts").then((module) => module.swedish) });

declare module "../../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "security-settings": typeof english;
  }
}
