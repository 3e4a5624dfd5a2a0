// docs/product.md §3 service options: the choices a service card offers. Free of zod (ADR 085): the booking
// page imports them for its first view; src/shared/booking.ts builds its schemas from them.

export const timesOfDay = ["day", "night", "day_night"] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

export const carChoices = ["with_car", "without_car"] as const;
export type CarChoice = (typeof carChoices)[number];

export const carClasses = ["S-class", "V-class"] as const;
export type CarClass = (typeof carClasses)[number];
