import type { ServiceSlug } from "../../../shared/site-map.ts";

export type ServiceCopy = {
  title: string;
  intro: string[];
  included: string[];
  audience: string[];
  pricing: string[];
};

export type ServicePagesCopy = {
  labels: {
    eyebrow: string;
    from: string;
    unit: string;
    book: string;
    priceNote: string;
    otherServices: string;
    includedHeading: string;
    audienceHeading: string;
    pricingHeading: string;
  };
  services: Record<ServiceSlug, ServiceCopy>;
};
