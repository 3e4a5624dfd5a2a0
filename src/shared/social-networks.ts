// docs/product.md §2 footer, social links: the networks the footer can link to, with their display names.
// A module of its own: env.ts (and so vite.config.ts) reads it, where site-config.ts's build-time
// constant does not exist.

export const socialNetworks = {
  instagram: "Instagram",
  linkedin: "LinkedIn",
  facebook: "Facebook",
  x: "X",
  youtube: "YouTube",
  tiktok: "TikTok",
} as const;
export type SocialNetwork = keyof typeof socialNetworks;

export function isSocialNetwork(value: string): value is SocialNetwork {
  return Object.hasOwn(socialNetworks, value);
}

/** One configured social address; the footer shows only these, never a placeholder link. */
export type SocialLink = { network: SocialNetwork; url: string };
