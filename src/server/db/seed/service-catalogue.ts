import {
  carClassMultipliers,
  carMultipliers,
  defaultPriceUnit,
  durationMultipliers,
  serviceStyles,
  timeOfDayMultipliers,
} from "../../../shared/catalogue.ts";
import type { ServicesTable } from "../schema.ts";

// SPEC §9 prices and multipliers (written once in src/shared/catalogue.ts); the five services of
// the site mapped to the three types of §3. Prices are integer euro cents (ARCHITECTURE.md).

const durationOptions = JSON.stringify(durationMultipliers);
const styleOptions = JSON.stringify(serviceStyles);
const timeOfDayPrices = JSON.stringify(timeOfDayMultipliers);
const carOptions = JSON.stringify(carMultipliers);
const carClassPrices = JSON.stringify(carClassMultipliers);
const priceUnit = defaultPriceUnit;

export const serviceCatalogueSeed: ServicesTable[] = [
  {
    id: "svc-residential",
    slug: "residential",
    title: "VIP Residential Protection",
    description:
      "Licensed guards posted at your home, villa or hotel residence: access control, perimeter rounds and a discreet presence for you and your household, day or night.",
    type: "vip_residential",
    base_price_cents: 49_900,
    original_price_cents: null,
    price_unit: priceUnit,
    guard_multiplier: 1,
    min_guards: 1,
    max_guards: 10,
    duration_options: JSON.stringify({}),
    style_options: JSON.stringify([]),
    car_options: null,
    car_prices: null,
    time_of_day_prices: timeOfDayPrices,
    sort_order: 1,
  },
  {
    id: "svc-driver",
    slug: "driver",
    title: "VIP Security Driver",
    description:
      "A protection-trained driver who plans routes, reads traffic for threats and keeps the vehicle secure while you are inside. With or without an S-Class or V-Class car.",
    type: "vip_driver",
    base_price_cents: 19_900,
    original_price_cents: null,
    price_unit: priceUnit,
    guard_multiplier: 1,
    min_guards: 1,
    max_guards: 10,
    duration_options: durationOptions,
    style_options: styleOptions,
    car_options: carOptions,
    car_prices: carClassPrices,
    time_of_day_prices: null,
    sort_order: 2,
  },
  {
    id: "svc-bodyguard",
    slug: "bodyguard",
    title: "VIP Bodyguard",
    description:
      "Close protection by an experienced personal protection officer who advances your venues, manages crowds and keeps you moving safely through the day.",
    type: "vip_outdoor",
    base_price_cents: 19_900,
    original_price_cents: null,
    price_unit: priceUnit,
    guard_multiplier: 1,
    min_guards: 1,
    max_guards: 10,
    duration_options: durationOptions,
    style_options: styleOptions,
    car_options: null,
    car_prices: null,
    time_of_day_prices: null,
    sort_order: 3,
  },
  {
    id: "svc-going-out",
    slug: "going-out",
    title: "VIP Going Out Security",
    description:
      "An evening escort for dinners, clubs and late nights out: venue checks in advance, a calm presence at the door and a safe ride home at the end of the night.",
    type: "vip_outdoor",
    base_price_cents: 19_900,
    original_price_cents: null,
    price_unit: priceUnit,
    guard_multiplier: 1,
    min_guards: 1,
    max_guards: 10,
    duration_options: durationOptions,
    style_options: styleOptions,
    car_options: null,
    car_prices: null,
    time_of_day_prices: null,
    sort_order: 4,
  },
  {
    id: "svc-event",
    slug: "event",
    title: "VIP Event and Party Security",
    description:
      "A guard team for private parties, weddings and corporate events: guest-list control, entrance screening and protection for you and your guests from set-up to last car.",
    type: "vip_outdoor",
    base_price_cents: 19_900,
    original_price_cents: null,
    price_unit: priceUnit,
    guard_multiplier: 1,
    min_guards: 1,
    max_guards: 10,
    duration_options: durationOptions,
    style_options: styleOptions,
    car_options: null,
    car_prices: null,
    time_of_day_prices: null,
    sort_order: 5,
  },
];
