import { emergencyContactValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §2 SECURITY (I.C.E. contacts) and §8 dashboard messages, in English (Swedish in its own module, ADR 210). The
// `validation` subtree translates the shared schema's message keys (ADR 027).

export const english = {
  heading: "SECURITY",
  title: "Emergency contacts",
  intro: "People our team may call if something happens to you during an assignment (I.C.E.: in case of emergency).",
  loading: "Loading emergency contacts...",
  loadFailed: "Failed to load emergency contacts",
  contact: "I.C.E. CONTACT {{number}}",
  name: "Name",
  phone: "Phone nr.",
  email: "E-mail",
  save: "SAVE CONTACT",
  delete: "DELETE CONTACT",
  addFirst: "ADD I.C.E. CONTACT",
  emptyTitle: "No emergency contacts yet",
  emptyBody: "Add someone we can reach if you need help during an assignment.",
  addAnother: "add another",
  limit: "You can keep at most {{count}} emergency contacts.",
  unsaved: "Not saved yet",
  deleteTitle: "Delete Emergency Contact",
  deleteBody: "Delete {{name}} from your emergency contacts? This cannot be undone.",
  deleteConfirm: "Delete",
  toasts: {
    added: "Emergency contact added successfully",
    updated: "Emergency contact updated successfully",
    updateFailed: "Failed to update emergency contact",
    deleted: "Emergency contact deleted successfully",
    deleteFailed: "Failed to delete emergency contact",
    addFailed: "Failed to add emergency contact",
    checkFields: "Please check the highlighted fields",
  },
  validation: validationTexts(emergencyContactValidationMessages),
};

export const emergencyContactsNamespace = "emergencyContacts";

registerTranslations(emergencyContactsNamespace, {
  en: english,
  sv: () => import("./emergency-contacts-sv.ts").then((module) => module.swedish),
});

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    emergencyContacts: typeof english;
  }
}
