// ADR 209: the words for a booking's options (time of day, guards, days, dress style, vehicle and
// car class), one text for the booking page (namespace `booking`, `options.*`) and the confirmation
// mail. English here; the Swedish is a module of its own (booking-option-texts-sv.ts) so that the
// booking page's Swedish stays in its own chunk (ADR 204).

export const bookingOptionTexts = {
  day: "Day",
  night: "Night",
  day_night: "Day & Night",
  guardsValue_one: "{{count}} guard",
  guardsValue_other: "{{count}} guards",
  daysValue_one: "{{count}} day",
  daysValue_other: "{{count}} days",
  Casual: "Casual",
  Formal: "Formal",
  Strict: "Strict",
  with_car: "With car",
  without_car: "Without car",
  "S-class": "S-Class",
  "V-class": "V-Class",
};
