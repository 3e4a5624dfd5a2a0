import type { Language } from "./languages.ts";
import { isServiceSlug, type ServiceSlug } from "./service-types.ts";

// The five services' names in every language of the site, written once (docs/product.md §1, §3). The
// database seed writes them into `services` (English) and `service_translations` (the others),
// from where GET /api/services answers them in the visitor's language and a catalogue editor may
// change them; the prerendered pages (footer, landing, service pages) read this definition. Kept
// apart from the descriptions (catalogue-texts.ts) so a page that only names the services does
// not carry them.

export const serviceTitles: Readonly<Record<ServiceSlug, Readonly<Record<Language, string>>>> = {
  residential: { en: "VIP Residential Protection", sv: "VIP-bostadsskydd" },
  driver: { en: "VIP Security Driver", sv: "VIP-säkerhetschaufför" },
  bodyguard: { en: "VIP Bodyguard", sv: "VIP-livvakt" },
  "going-out": { en: "VIP Going Out Security", sv: "VIP-säkerhet för utekvällar" },
  event: { en: "VIP Event and Party Security", sv: "VIP-säkerhet för evenemang och fester" },
};

/** The name of a service by its id (`svc-bodyguard`, catalogue.ts) in the language; null for an id that is not one of the five. */
export function serviceTitleById(serviceId: string, language: Language): string | null {
  const slug = serviceId.replace(/^svc-/, "");
  return isServiceSlug(slug) ? serviceTitles[slug][language] : null;
}

/**
 * The services' short names, for labelling a booking by every service it has (the queue, the
 * booking headings, the customer's and the operative's lists): "Residential · Security driver ·
 * Bodyguard". The full titles above stay for the catalogue and the documents.
 */
export const serviceShortTitles: Readonly<Record<ServiceSlug, Readonly<Record<Language, string>>>> = {
  residential: { en: "Residential", sv: "Bostadsskydd" },
  driver: { en: "Security driver", sv: "Säkerhetschaufför" },
  bodyguard: { en: "Bodyguard", sv: "Livvakt" },
  "going-out": { en: "Going out", sv: "Utekväll" },
  event: { en: "Events", sv: "Evenemang" },
};

/**
 * A booking's services by short name, in the booking's order, each once (docs/product.md §3: a
 * booking has one line per service). A service the site does not name (a catalogue id outside the
 * five) keeps the title it was booked under.
 */
export function bookingServiceNames(services: readonly (string | { serviceId: string; title?: string })[], language: Language): string[] {
  const names: string[] = [];
  for (const entry of services) {
    const service = typeof entry === "string" ? { serviceId: entry } : entry;
    const slug = service.serviceId.replace(/^svc-/, "");
    const name = isServiceSlug(slug) ? serviceShortTitles[slug][language] : (service.title ?? service.serviceId);
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
