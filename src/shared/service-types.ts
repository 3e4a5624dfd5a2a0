// docs/product.md §1 and §3: the five services of the site (one page each under /services/*) and the three
// service types the catalogue and the pricing rules know. Written once: the routes, the seed, the
// pricing engine, the booking contract and the database types read them from here.

export const serviceTypes = ["vip_residential", "vip_driver", "vip_outdoor"] as const;
export type ServiceType = (typeof serviceTypes)[number];

export const serviceSlugs = ["residential", "driver", "going-out", "bodyguard", "event"] as const;
export type ServiceSlug = (typeof serviceSlugs)[number];

/** Which type each of the site's services is priced as (docs/product.md §3: bodyguard, going out and events are outdoor). */
export const serviceTypeBySlug: Readonly<Record<ServiceSlug, ServiceType>> = {
  residential: "vip_residential",
  driver: "vip_driver",
  "going-out": "vip_outdoor",
  bodyguard: "vip_outdoor",
  event: "vip_outdoor",
};

export function isServiceSlug(value: string | undefined): value is ServiceSlug {
  return value !== undefined && (serviceSlugs as readonly string[]).includes(value);
}
