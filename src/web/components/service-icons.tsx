import { Car, House, Martini, PartyPopper, ShieldCheck, type LucideIcon, type LucideProps } from "lucide-react";
import { isServiceSlug, type ServiceSlug } from "../../shared/service-types.ts";

/** One icon per service of docs/product.md §1, the same wherever a service is shown (landing, booking page). */
export const serviceIcons: Readonly<Record<ServiceSlug, LucideIcon>> = {
  residential: House,
  driver: Car,
  "going-out": Martini,
  bodyguard: ShieldCheck,
  event: PartyPopper,
};

/** A service's icon by its slug; a shield for a catalogue entry the site has no page for. */
export function ServiceIcon({ slug, ...props }: { slug: string } & LucideProps) {
  if (!isServiceSlug(slug)) return <ShieldCheck {...props} />;
  const Icon = serviceIcons[slug];
  return <Icon {...props} />;
}
