import type { SocialLink } from "./social-networks.ts";

/** Operator details shown on public pages; they come from configuration (env.ts), never from code. */
export type SiteConfig = {
  supportEmail: string;
  supportPhone: string;
  companyRegistration: string;
  /** The registration line on Swedish pages (COMPANY_REGISTRATION_SV). */
  companyRegistrationSwedish: string;
  socialLinks: SocialLink[];
};

declare const __SITE_CONFIG__: SiteConfig;

/** Injected at build time by vite.config.ts from the same variables the server validates. */
export const siteConfig: SiteConfig = __SITE_CONFIG__;
