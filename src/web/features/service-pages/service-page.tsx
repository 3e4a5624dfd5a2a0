import { Check } from "lucide-react";
import { Link } from "react-router";
import { bookingServiceParameter } from "../../../shared/booking-search.ts";
import { serviceSlugs, type ServiceSlug } from "../../../shared/site-map.ts";
import { InfoHero, registerPageContent } from "../../components/info-page.tsx";
import { SearchCallToAction } from "../../components/layout/search-call-to-action.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { servicePagesEnglish } from "./service-content-en.ts";
import type { ServiceCopy, ServicePagesCopy } from "./service-content-types.ts";
import { formatEuros, pricingValues, startingPrice } from "./service-prices.ts";

registerPageContent("service-pages", {
  en: servicePagesEnglish,
  sv: () => import("./service-content-sv.ts").then((module) => module.servicePagesSwedish),
});

const bookingPath = "/secure-booking";

/** docs/product.md §2: a VIP service page — what it includes, who it is for, how it is priced, and a way to book. */
export function ServicePage({ slug }: { slug: ServiceSlug }) {
  const { t, i18n } = useTranslation("service-pages");
  const labels = t("page.labels", { returnObjects: true }) as ServicePagesCopy["labels"];
  const service = t(`page.services.${slug}`, { returnObjects: true, ...pricingValues(slug, i18n.language) }) as ServiceCopy;
  const price = formatEuros(startingPrice(slug), i18n.language);

  return (
    <>
      <article>
        <InfoHero eyebrow={labels.eyebrow} title={service.title} intro={service.intro}>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
            <Link to={`${bookingPath}?${bookingServiceParameter}=${slug}`} className="button-gold" data-testid="book-service">
              {labels.book}
            </Link>
            <p className="text-sm text-mist">
              {labels.from} <span className="font-display text-2xl text-gold-strong">{price}</span> {labels.unit}
            </p>
          </div>
        </InfoHero>

        <div className="container-page grid gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-12">
            <section aria-labelledby="included-heading">
              <h2 id="included-heading" className="text-2xl text-ink sm:text-3xl">
                {labels.includedHeading}
              </h2>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                {service.included.map((item, index) => (
                  <li key={index} className="flex gap-3 rounded-lg border border-ink/10 bg-white p-4 text-stone">
                    <CheckIcon />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="audience-heading" className="prose-page">
              <h2 id="audience-heading">{labels.audienceHeading}</h2>
              {service.audience.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
            <section aria-labelledby="pricing-heading" className="prose-page">
              <h2 id="pricing-heading">{labels.pricingHeading}</h2>
              {service.pricing.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          </div>

          <aside aria-label={labels.pricingHeading} className="self-start rounded-lg bg-ink p-6 text-paper shadow-lg lg:sticky lg:top-24">
            <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{service.title}</p>
            <p className="mt-4 text-sm text-mist">{labels.from}</p>
            <p className="font-display text-5xl text-gold-strong">{price}</p>
            <p className="mt-1 text-sm text-mist">{labels.unit}</p>
            <p className="mt-5 text-sm leading-relaxed text-mist">{labels.priceNote}</p>
            <Link to={bookingPath} className="button-gold mt-6 w-full">
              {labels.book}
            </Link>
          </aside>
        </div>

        <nav aria-labelledby="other-services" className="border-t border-ink/10 bg-white">
          <div className="container-page py-12">
            <h2 id="other-services" className="text-2xl text-ink">
              {labels.otherServices}
            </h2>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {serviceSlugs
                .filter((other) => other !== slug)
                .map((other) => (
                  <li key={other}>
                    <Link
                      to={`/services/${other}`}
                      className="flex min-h-11 items-center justify-between gap-3 rounded-md border border-ink/15 px-4 py-3 text-ink transition-colors hover:border-gold-deep"
                    >
                      <span>{t(`page.services.${other}.title`)}</span>
                      <span aria-hidden="true" className="text-gold-deep">
                        →
                      </span>
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        </nav>
      </article>
      <SearchCallToAction />
    </>
  );
}

function CheckIcon() {
  return (
    <span className="mt-0.5 flex h-5 w-5 flex-none items-center justify-center rounded-full bg-ink" aria-hidden="true">
      <Check className="h-3 w-3 text-gold" strokeWidth={3} />
    </span>
  );
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "service-pages": { page: ServicePagesCopy };
  }
}
