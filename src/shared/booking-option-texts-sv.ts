import type { bookingOptionTexts } from "./booking-option-texts.ts";
import type { Catalogue } from "./translations.ts";

// ADR 209: the Swedish of src/shared/booking-option-texts.ts (the booking page's Swedish chunk and the mails).
export const bookingOptionTextsSwedish: Catalogue<typeof bookingOptionTexts> = {
  day: "Dag",
  night: "Natt",
  day_night: "Dag och natt",
  guardsValue_one: "{{count}} väktare",
  guardsValue_other: "{{count}} väktare",
  daysValue_one: "{{count}} dag",
  daysValue_other: "{{count}} dagar",
  Casual: "Vardaglig",
  Formal: "Formell",
  Strict: "Strikt",
  with_car: "Med bil",
  without_car: "Utan bil",
  "S-class": "S-klass",
  "V-class": "V-klass",
};
