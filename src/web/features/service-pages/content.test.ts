import { describe, expect, it } from "vitest";
import { serviceSlugs } from "../../../shared/site-map.ts";
import { translationDifferences } from "../../components/translation-parity.ts";
import { servicePagesEnglish } from "./service-content-en.ts";
import { servicePagesSwedish } from "./service-content-sv.ts";
import { formatEuros, isServiceSlug, pricingValues, startingPrice } from "./service-prices.ts";

describe("service pages", () => {
  it("has a complete Swedish translation", () => {
    expect(translationDifferences(servicePagesEnglish, servicePagesSwedish)).toEqual([]);
  });

  it("quotes the docs/product.md §9 day rates: residential from €499, the others from €199", () => {
    expect(serviceSlugs.map((slug) => [slug, startingPrice(slug)])).toEqual([
      ["residential", 499],
      ["driver", 199],
      ["going-out", 199],
      ["bodyguard", 199],
      ["event", 199],
    ]);
  });

  it("formats prices and multipliers for each language", () => {
    expect(formatEuros(1499, "en")).toBe("€1,499");
    expect(formatEuros(1499, "sv").replace(/\s/g, " ")).toBe("1 499 €");
    expect(pricingValues("driver", "en")).toMatchObject({ price: "€199", withCar: "1.5", vClass: "1.3", carFee: "€500", short: "0.5" });
    expect(pricingValues("residential", "sv")).toMatchObject({ night: "1,2", dayNight: "2" });
  });

  it("fills every placeholder the copy uses", () => {
    const values = pricingValues("driver", "en");
    for (const slug of serviceSlugs) {
      const used = JSON.stringify(servicePagesEnglish.services[slug]).matchAll(/\{\{(\w+)\}\}/g);
      for (const [, name] of used) expect(values, `${slug} uses {{${name}}}`).toHaveProperty(name ?? "");
    }
  });

  it("accepts only the five slugs", () => {
    expect(serviceSlugs.every((slug) => isServiceSlug(slug))).toBe(true);
    for (const other of ["", "toString", "constructor", "Residential", "guard", undefined]) expect(isServiceSlug(other)).toBe(false);
  });
});
