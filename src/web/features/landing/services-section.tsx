import { useState } from "react";
import { Link } from "react-router";
import { serviceTitles } from "../../../shared/service-titles.ts";
import type { ServiceSlug } from "../../../shared/service-types.ts";
import { Accordion } from "../../components/accordion.tsx";
import { ServiceIcon } from "../../components/service-icons.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

type ServiceEntry = { slug: ServiceSlug; key: "residential" | "driver" | "goingOut" | "bodyguard" | "event" };

// docs/product.md §1: the five services, each with a READ MORE link to its /services/* page.
const serviceEntries: ServiceEntry[] = [
  { slug: "residential", key: "residential" },
  { slug: "driver", key: "driver" },
  { slug: "going-out", key: "goingOut" },
  { slug: "bodyguard", key: "bodyguard" },
  { slug: "event", key: "event" },
];

export function ServicesSection() {
  const { t, i18n } = useTranslation(landingNamespace);
  // The services' names come from the catalogue's one definition (src/shared/service-titles.ts).
  const title = (entry: ServiceEntry) => serviceTitles[entry.slug][i18n.language === "sv" ? "sv" : "en"];
  const [openSlug, setOpenSlug] = useState<string | null>(null);

  const readMore = (entry: ServiceEntry, className: string) => (
    <Link to={`/services/${entry.slug}`} className={className} aria-label={t("services.readMoreAbout", { service: title(entry) })}>
      {t("actions.readMore", { ns: "common" })}
    </Link>
  );

  return (
    <section className="bg-paper py-16 sm:py-24" aria-labelledby="services-title">
      <div className="container-page">
        <p className="eyebrow">{t("services.eyebrow")}</p>
        <h2 id="services-title" className="mt-3 max-w-2xl text-3xl sm:text-4xl">
          {t("services.title")}
        </h2>
        <p className="mt-4 max-w-2xl text-stone">{t("services.lead")}</p>

        <div className="mt-10 md:hidden" data-testid="services-accordion">
          <Accordion
            idPrefix="service"
            openId={openSlug}
            onOpenChange={setOpenSlug}
            items={serviceEntries.map((entry) => ({
              id: entry.slug,
              title: (
                <span className="flex items-center gap-3">
                  <span className="text-gold-deep">
                    <ServiceIcon slug={entry.slug} className="h-6 w-6" strokeWidth={1.7} aria-hidden="true" />
                  </span>
                  {title(entry)}
                </span>
              ),
              content: (
                <>
                  <p className="text-stone">{t(`services.items.${entry.key}`)}</p>
                  {readMore(entry, "button-dark mt-4")}
                </>
              ),
            }))}
          />
        </div>

        <ul className="mt-12 hidden gap-6 md:grid md:grid-cols-2 lg:grid-cols-3" data-testid="services-cards">
          {serviceEntries.map((entry) => (
            <li
              key={entry.slug}
              className="flex flex-col rounded-xl border border-ink-line/15 bg-white p-7 shadow-sm transition-shadow hover:shadow-lg"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ink text-gold">
                <ServiceIcon slug={entry.slug} className="h-6 w-6" strokeWidth={1.7} aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl">{title(entry)}</h3>
              <p className="mt-3 flex-1 text-sm leading-relaxed text-stone">{t(`services.items.${entry.key}`)}</p>
              {readMore(entry, "button-outline mt-6 self-start text-ink hover:bg-ink hover:text-paper")}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
