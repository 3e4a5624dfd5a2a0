import type { emergencyContactValidationMessages, ValidationTexts } from "../../../shared/validation-messages.ts";
import type { Catalogue } from "../../lib/i18n.ts";
import type { english } from "./emergency-contacts-translations.ts";

// Emergency contacts in Swedish, a chunk of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<Omit<typeof english, "validation">> & {
  validation: ValidationTexts<typeof emergencyContactValidationMessages>;
} = {
  heading: "SÄKERHET",
  title: "Nödkontakter",
  intro: "Personer som vårt team kan ringa om något händer dig under ett uppdrag (ICE: in case of emergency).",
  loading: "Laddar nödkontakter...",
  loadFailed: "Nödkontakterna kunde inte laddas",
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
