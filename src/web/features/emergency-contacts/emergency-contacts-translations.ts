import { emergencyContactValidationMessages, validationTexts, type ValidationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations, type Catalogue } from "../../lib/i18n.ts";

// docs/product.md §2 SECURITY (I.C.E. contacts) and §8 dashboard messages, in English and Swedish. The
// `validation` subtree translates the shared schema's message keys (ADR 027).

const english = {
  heading: "SECURITY",
  title: "Emergency contacts",
  intro: "People our team may call if something happens to you during an assignment (I.C.E.: in case of emergency).",
  loading: "Loading emergency contacts...",
  loadFailed: "Failed to load emergency contacts",
  retry: "Try again",
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

const swedish: Catalogue<Omit<typeof english, "validation">> & { validation: ValidationTexts<typeof emergencyContactValidationMessages> } =
  {
    heading: "SÄKERHET",
    title: "Nödkontakter",
    intro: "Personer som vårt team kan ringa om något händer dig under ett uppdrag (ICE: in case of emergency).",
    loading: "Laddar nödkontakter...",
    loadFailed: "Nödkontakterna kunde inte laddas",
    retry: "Försök igen",
    contact: "ICE-KONTAKT {{number}}",
    name: "Namn",
    phone: "Telefonnr",
    email: "E-post",
    save: "SPARA KONTAKT",
    delete: "TA BORT KONTAKT",
    addFirst: "LÄGG TILL ICE-KONTAKT",
    emptyTitle: "Inga nödkontakter ännu",
    emptyBody: "Lägg till någon vi kan nå om du behöver hjälp under ett uppdrag.",
    addAnother: "lägg till en till",
    limit: "Du kan ha högst {{count}} nödkontakter.",
    unsaved: "Inte sparad ännu",
    deleteTitle: "Ta bort nödkontakt",
    deleteBody: "Ta bort {{name}} från dina nödkontakter? Det går inte att ångra.",
    deleteConfirm: "Ta bort",
    toasts: {
      added: "Nödkontakten har lagts till",
      updated: "Nödkontakten har uppdaterats",
      updateFailed: "Nödkontakten kunde inte uppdateras",
      deleted: "Nödkontakten har tagits bort",
      deleteFailed: "Nödkontakten kunde inte tas bort",
      addFailed: "Nödkontakten kunde inte läggas till",
      checkFields: "Kontrollera de markerade fälten",
    },
    validation: {
      contactNameRequired: "Ange kontaktens namn",
      phoneRequired: "Telefonnummer krävs",
      phoneInvalid: "Ange ett giltigt telefonnummer",
      emailInvalid: "Ange en giltig e-postadress",
      tooLong: "Håll det under 100 tecken",
      unsupportedCharacters: "Ta bort tecknen som inte stöds.",
    },
  };

export const emergencyContactsNamespace = "emergencyContacts";

registerTranslations(emergencyContactsNamespace, { en: english, sv: swedish });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    emergencyContacts: typeof english;
  }
}
