import { validationTexts, walletValidationMessages } from "../../../../shared/validation-messages.ts";
import { registerTranslations } from "../../../lib/i18n.ts";

// docs/product.md §2 PAYMENT METHODS and ID VERIFICATION, §8 dashboard messages, §9 card label.

export const english = {
  cards: {
    heading: "PAYMENT METHODS",
    addNew: "Add new card",
    addPaymentMethod: "Add Payment Method",
    saved: "Saved Payment Methods",
    loading: "Loading payment methods…",
    empty: "No saved cards yet",
    emptyBody: "Add a card to pay for bookings faster. We keep only the brand, the last four digits and the expiry date.",
    ending: "Card ending in {{lastFour}}",
    expires: "Expires {{expiry}}",
    expired: "Expired {{expiry}}",
    label: { private: "Private", business: "Business" },
    default: "Default",
    makeDefault: "Make default",
    delete: "Delete",
    deleteLabel: "Delete card ending in {{lastFour}}",
    makeDefaultLabel: "Make card ending in {{lastFour}} the default",
    confirmTitle: "Delete this card?",
    confirmBody: "The {{brand}} card ending in {{lastFour}} will be removed from your account.",
    confirmAction: "Delete card",
    deleted: "Payment method deleted successfully",
    deleteFailed: "Failed to delete payment method",
    loadFailed: "Failed to load payment methods",
    defaultChanged: "Default payment method updated",
    defaultFailed: "Failed to update the default payment method",
    limit: "You can save up to {{count}} cards.",
    brands: {
      visa: "Visa",
      mastercard: "Mastercard",
      amex: "American Express",
      discover: "Discover",
      diners: "Diners Club",
      jcb: "JCB",
    },
  },
  addCard: {
    title: "Add New Card",
    description: "Your card details are sent securely to our payment provider. We never store the full number or the CVV.",
    cardNumber: "Card Number",
    expiry: "Expiry Date",
    expiryHint: "MM/YY",
    cvv: "CVV",
    cvvHint: "3 digits on the back; 4 on the front for American Express",
    cancel: "Cancel",
    submit: "Add Card",
    added: "Card added successfully",
    failed: "Failed to add card",
    close: "Close",
  },
  validation: validationTexts(walletValidationMessages),
  id: {
    heading: "ID VERIFICATION",
    uploaded: "UPLOADED IDENTIFICATION",
    none: "No ID card uploaded",
    loading: "Loading identification…",
    loadFailed: "Failed to load your identification",
    types: { passport: "Passport", id_card: "ID Card", drivers_license: "Driver's License" },
    status: {
      pending: "Pending review",
      approved: "Approved",
      rejected: "Rejected",
    },
    rejectedReason: "Reason: {{reason}}",
    uploadedOn: "Uploaded {{date}}",
    view: "View document",
    delete: "Delete",
    confirmTitle: "Delete your identification?",
    confirmBody: "The uploaded {{type}} will be deleted permanently. You can upload a new one at any time.",
    confirmAction: "Delete identification",
    deleted: "ID verification removed",
    deletedBody: "Your identification has been deleted successfully.",
    deleteFailed: "Failed to delete verification.",
    addNew: "Add new Identification",
    replaceNote: "A new upload replaces the current document.",
    pickTitle: "Add Identification",
    pickDescription: "Which document would you like to upload?",
    uploadTitle: "Upload your {{type}}",
    uploadDescription: "Take a clear photo or choose an image of the page with your photo. All four corners should be visible.",
    takePhoto: "Take Photo",
    chooseFile: "Document image",
    typesLabel: "JPEG, PNG or WebP",
    back: "Back",
    cancel: "Cancel",
    uploading: "Uploading…",
    uploadSuccess: "Upload successful",
    uploadSuccessBody: "Your document has been uploaded for verification",
    uploadFailed: "Upload failed",
    uploadFailedBody: "There was an error uploading your document",
    close: "Close",
  },
};

registerTranslations("wallet", { en: english, sv: () => import("./wallet-sv.ts").then((module) => module.swedish) });

declare module "../../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    wallet: typeof english;
  }
}
