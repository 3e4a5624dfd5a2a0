import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CatalogueService, ServiceOptions } from "./booking.ts";
import { vatOfInclusive } from "./money.ts";
import {
  carClassMultipliers,
  carMultipliers,
  catalogueFallback,
  durationMultipliers,
  sortCatalogue,
  timeOfDayMultipliers,
} from "./catalogue.ts";
import {
  bookingPeriod,
  bookingTotal,
  carClassSurcharge,
  clampGuards,
  dailyPrice,
  dayCountFromRange,
  defaultOptions,
  optionProblems,
  priceSelection,
  refundNote,
  servicePrice,
} from "./pricing.ts";

const [residential, driver, bodyguard] = catalogueFallback as [CatalogueService, CatalogueService, CatalogueService];

describe("dayCountFromRange (docs/product.md §9: inclusive difference, minimum 1)", () => {
  it.each([
    ["2026-03-21", undefined, 1],
    ["2026-03-21", "2026-03-21", 1],
    ["2026-03-21", "2026-03-23", 3],
    ["2026-03-20", "2026-03-31", 12], // across the spring DST change in Europe
    ["2026-12-31", "2027-01-01", 2],
    ["2028-02-28", "2028-03-01", 3], // leap year
    ["2026-03-23", "2026-03-21", 1], // end before start
    ["2026-03-21", "not a date", 1],
    ["2026-03-21T00:00:00.000Z", "2026-03-22T00:00:00.000Z", 2],
  ])("%s → %s is %i day(s)", (start, end, days) => {
    expect(dayCountFromRange(start, end)).toBe(days);
  });
});

// The engine answers cents (docs/money.md); the hand-computed cases are written in whole euros.
const euros = (amount: number) => amount * 100;

describe("dailyPrice and servicePrice: hand-computed cases (docs/product.md §9)", () => {
  const cases: [string, CatalogueService, ServiceOptions, number][] = [
    ["residential, day, 1 guard", residential, { guards: 1, days: 1, timeOfDay: "day" }, 499],
    ["residential, night (×1.2 = 598.8)", residential, { guards: 1, days: 1, timeOfDay: "night" }, 599],
    ["residential, day & night", residential, { guards: 1, days: 1, timeOfDay: "day_night" }, 998],
    ["residential, night, 2 guards (1197.6)", residential, { guards: 2, days: 1, timeOfDay: "night" }, 1198],
    ["driver, 12h, no car", driver, { guards: 1, days: 1, duration: "12h", car: "without_car" }, 199],
    ["driver, 6h (99.5 rounds up)", driver, { guards: 1, days: 1, duration: "6h", car: "without_car" }, 100],
    ["driver, 24h, with car, no class", driver, { guards: 1, days: 1, duration: "24h", car: "with_car" }, 597],
    ["driver, 12h, S-class (447.75 + 500)", driver, { guards: 1, days: 1, duration: "12h", car: "with_car", carClass: "S-class" }, 948],
    [
      "driver, 18h, V-class, 2 guards (1164.15 + 500)",
      driver,
      { guards: 2, days: 1, duration: "18h", car: "with_car", carClass: "V-class" },
      1664,
    ],
    ["driver: the car replaces time of day", driver, { guards: 1, days: 1, duration: "12h", timeOfDay: "night" }, 199],
    ["driver: a class without a car adds nothing", driver, { guards: 1, days: 1, car: "without_car", carClass: "S-class" }, 199],
    ["bodyguard, 18h, 3 guards (895.5)", bodyguard, { guards: 3, days: 1, duration: "18h" }, 896],
    ["bodyguard, no duration chosen = 12h", bodyguard, { guards: 1, days: 1 }, 199],
    ["guards above the maximum are held to it", bodyguard, { guards: 50, days: 1 }, 1990],
  ];
  it.each(cases)("%s", (_name, service, options, expected) => {
    expect(dailyPrice(service, options)).toBe(euros(expected));
  });

  it("starts a car service without a car and without a class (ADR 050 addendum)", () => {
    expect(defaultOptions(driver)).toEqual({ guards: 1, days: 1, duration: "12h", style: "Casual", car: "without_car" });
    expect(dailyPrice(driver, { ...defaultOptions(driver), car: "with_car" })).toBe(euros(299)); // 199 × 1.5 = 298.5
  });

  it("states what a car class adds to a car without a class: its multiplier's share plus the fee", () => {
    const withCar: ServiceOptions = { guards: 1, days: 1, duration: "12h", car: "with_car" };
    expect(carClassSurcharge(driver, withCar, "S-class")).toBe(euros(948 - 299));
    expect(carClassSurcharge(driver, { ...withCar, carClass: "V-class" }, "S-class")).toBe(euros(948 - 299));
    // 18 h, 2 guards: 199 × 1.5 × 1.5 × 2 = 895.5 → 896 without a class; V-class 1664 (see above).
    expect(carClassSurcharge(driver, { guards: 2, days: 1, duration: "18h", car: "with_car" }, "V-class")).toBe(euros(1664 - 896));
    // Asked for a service still without a car, the answer is for the car the class would come with.
    expect(carClassSurcharge(driver, { guards: 1, days: 1, duration: "12h", car: "without_car" }, "S-class")).toBe(euros(948 - 299));
  });

  it("multiplies the daily price by the days, with no earlier price or saving to announce (ADR 248)", () => {
    expect(servicePrice(residential, { guards: 1, days: 3, timeOfDay: "day" })).toEqual({
      dailyCents: euros(499),
      totalCents: euros(1497),
      vatCents: 29_940, // 1497 × 0.25 / 1.25 = 299.40
    });
    expect(servicePrice(residential, { guards: 1, days: 1 })).toEqual({ dailyCents: euros(499), totalCents: euros(499), vatCents: 9980 });
    // A catalogue's stored earlier price changes nothing the customer is shown or charged.
    expect(servicePrice({ ...driver, originalPrice: 398 }, { guards: 1, days: 1 })).toEqual(servicePrice(driver, { guards: 1, days: 1 }));
  });

  it("ignores the guard count when the service does not multiply by guards", () => {
    expect(dailyPrice({ ...bodyguard, guardMultiplier: false }, { guards: 4, days: 1 })).toBe(euros(199));
  });

  it("sums the line totals for the booking total (guards and days counted once)", () => {
    expect(
      bookingTotal([
        { service: residential, options: { guards: 2, days: 2, timeOfDay: "day" } },
        { service: driver, options: { guards: 1, days: 2, duration: "12h", car: "with_car", carClass: "S-class" } },
      ]),
    ).toBe(euros(998 * 2 + 948 * 2));
  });
});

const serviceArbitrary: fc.Arbitrary<CatalogueService> = fc
  .record({
    basePrice: fc.integer({ min: 0, max: 20_000 }),
    originalPrice: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
    guardMultiplier: fc.boolean(),
    minGuards: fc.integer({ min: 1, max: 3 }),
    extraGuards: fc.integer({ min: 0, max: 9 }),
    kind: fc.constantFrom("residential", "driver", "outdoor"),
  })
  .map(({ kind, extraGuards, ...rest }) => ({
    id: `svc-${kind}`,
    slug: kind,
    title: kind,
    description: kind,
    type: kind === "residential" ? "vip_residential" : kind === "driver" ? "vip_driver" : "vip_outdoor",
    priceUnit: "/DAY (12 hrs)",
    ...rest,
    maxGuards: rest.minGuards + extraGuards,
    durationOptions: kind === "residential" ? {} : durationMultipliers,
    styleOptions: kind === "residential" ? [] : ["Casual", "Formal"],
    carOptions: kind === "driver" ? carMultipliers : null,
    carPrices: kind === "driver" ? carClassMultipliers : null,
    timeOfDayPrices: kind === "residential" ? timeOfDayMultipliers : null,
  }));

const optionsArbitrary: fc.Arbitrary<ServiceOptions> = fc.record(
  {
    guards: fc.integer({ min: 1, max: 10 }),
    days: fc.integer({ min: 1, max: 365 }),
    timeOfDay: fc.constantFrom("day", "night", "day_night"),
    duration: fc.constantFrom("6h", "12h", "18h", "24h"),
    car: fc.constantFrom("with_car", "without_car"),
    carClass: fc.constantFrom("S-class", "V-class"),
  },
  { requiredKeys: ["guards", "days"] },
);

describe("pricing properties (fast-check)", () => {
  it("is never negative, always whole euros in cents, with a VAT part below the total", () => {
    fc.assert(
      fc.property(serviceArbitrary, optionsArbitrary, (service, options) => {
        const price = servicePrice(service, options);
        for (const value of [price.dailyCents, price.totalCents]) {
          expect(Number.isInteger(value / 100)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(price.totalCents).toBe(price.dailyCents * options.days);
        expect(price.vatCents).toBe(vatOfInclusive(price.totalCents));
        expect(price.vatCents).toBeLessThanOrEqual(price.totalCents);
      }),
    );
  });

  it("never gets cheaper with more guards", () => {
    fc.assert(
      fc.property(serviceArbitrary, optionsArbitrary, fc.integer({ min: 1, max: 9 }), (service, options, more) => {
        const fewer = clampGuards(service, options.guards);
        const extra = clampGuards(service, fewer + more);
        expect(servicePrice(service, { ...options, guards: extra }).totalCents).toBeGreaterThanOrEqual(
          servicePrice(service, { ...options, guards: fewer }).totalCents,
        );
      }),
    );
  });

  it("never gets cheaper with more days", () => {
    fc.assert(
      fc.property(serviceArbitrary, optionsArbitrary, fc.integer({ min: 1, max: 100 }), (service, options, more) => {
        const longer = Math.min(365, options.days + more);
        expect(servicePrice(service, { ...options, days: longer }).totalCents).toBeGreaterThanOrEqual(
          servicePrice(service, options).totalCents,
        );
      }),
    );
  });

  it("prices a booking as the sum of its lines", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(serviceArbitrary, optionsArbitrary), { maxLength: 10 }), (pairs) => {
        const lines = pairs.map(([service, options]) => ({ service, options }));
        expect(bookingTotal(lines)).toBe(lines.reduce((sum, line) => sum + servicePrice(line.service, line.options).totalCents, 0));
      }),
    );
  });

  it("keeps a day range inclusive and at least 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -400, max: 400 }), (offset, length) => {
        const start = new Date(Date.UTC(2020, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const end = new Date(Date.UTC(2020, 0, 1) + (offset + length) * 86_400_000).toISOString().slice(0, 10);
        expect(dayCountFromRange(start, end)).toBe(Math.max(1, length + 1));
      }),
    );
  });
});

describe("options, guards and defaults", () => {
  it("clamps guards into the service's range", () => {
    expect(clampGuards(residential, 0)).toBe(1);
    expect(clampGuards(residential, 11)).toBe(10);
    expect(clampGuards(residential, Number.NaN)).toBe(1);
    expect(clampGuards({ minGuards: 2, maxGuards: 4 }, 3.4)).toBe(3);
  });

  it("starts each service with options it offers", () => {
    expect(defaultOptions(residential)).toEqual({ guards: 1, days: 1, timeOfDay: "day" });
    expect(defaultOptions(driver)).toEqual({ guards: 1, days: 1, duration: "12h", style: "Casual", car: "without_car" });
    expect(defaultOptions(bodyguard)).toEqual({ guards: 1, days: 1, duration: "12h", style: "Casual" });
    for (const service of catalogueFallback) expect(optionProblems(service, defaultOptions(service))).toEqual({});
  });

  it("names each option a service does not offer", () => {
    expect(
      Object.keys(
        optionProblems(residential, { guards: 11, days: 1, duration: "6h", style: "Strict", car: "with_car", carClass: "S-class" }),
      ).sort(),
    ).toEqual(["car", "carClass", "duration", "guards", "style"]);
    expect(Object.keys(optionProblems(bodyguard, { guards: 1, days: 1, timeOfDay: "night", duration: "toString" })).sort()).toEqual([
      "duration",
      "timeOfDay",
    ]);
    expect(optionProblems(driver, { guards: 1, days: 1, car: "without_car", carClass: "V-class" })).toHaveProperty("carClass");
  });

  it("orders the catalogue residential, driver, outdoor and keeps the order within a type", () => {
    const shuffled = [bodyguard, { ...bodyguard, id: "b2" }, driver, residential];
    expect(sortCatalogue(shuffled).map((service) => service.id)).toEqual(["svc-residential", "svc-driver", "svc-bodyguard", "b2"]);
  });

  it("prices a selection for the booking's days and reports unknown services", () => {
    const quote = priceSelection(
      catalogueFallback,
      [
        { serviceId: "svc-residential", options: { guards: 2, days: 1 } },
        { serviceId: "svc-nope", options: { guards: 1, days: 1 } },
      ],
      3,
    );
    expect(quote.unknown).toEqual(["svc-nope"]);
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({
      serviceType: "vip_residential",
      dailyPriceCents: euros(998),
      totalCents: euros(2994),
      vatCents: 59_880,
      vatRateBasisPoints: 2500,
      options: { guards: 2, days: 3 },
    });
    expect(quote.totalCents).toBe(euros(2994));
    expect(quote.vatCents).toBe(59_880);
  });

  it("derives the booking period from the range, or from the longest line without an end", () => {
    expect(bookingPeriod("2026-05-01", "2026-05-04", [{ options: { guards: 1, days: 9 } }])).toEqual({
      startDate: "2026-05-01",
      endDate: "2026-05-04",
      totalDays: 4,
    });
    expect(bookingPeriod("2026-05-01", undefined, [{ options: { guards: 1, days: 2 } }, { options: { guards: 1, days: 5 } }])).toEqual({
      startDate: "2026-05-01",
      endDate: "2026-05-05",
      totalDays: 5,
    });
  });
});

describe("refund note (Europe/Stockholm days)", () => {
  it("is fully refundable until two days before the start, then non-refundable", () => {
    // Start 2026-07-15 begins 2026-07-14T22:00Z; the deadline is 2026-07-12T22:00Z.
    expect(refundNote("2026-07-15", new Date("2026-07-12T21:59:59.999Z"))).toBe("fully_refundable");
    expect(refundNote("2026-07-15", new Date("2026-07-12T22:00:00.000Z"))).toBe("non_refundable");
    expect(refundNote("2026-07-15", new Date("2026-07-20T00:00:00.000Z"))).toBe("non_refundable");
  });
});
