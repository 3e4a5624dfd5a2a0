import type { SellerIdentity } from "./seller.ts";
import type { SocialLink } from "./social-networks.ts";

/** Operator details shown on public pages; they come from configuration (env.ts), never from code. */
export type SiteConfig = {
  supportEmail: string;
  supportPhone: string;
  /** The operations line, manned day and night: the operative app's SOS calls it when offline (ADR 295). */
  operationsPhone: string;
  /** The firm (SELLER_*), the same on the site as on every document; the footer's line is derived from it (src/shared/seller.ts). */
  seller: SellerIdentity;
  socialLinks: SocialLink[];
};

declare const __SITE_CONFIG__: SiteConfig;

/** Injected at build time by vite.config.ts from the same variables the server validates. */
export const siteConfig: SiteConfig = __SITE_CONFIG__;
