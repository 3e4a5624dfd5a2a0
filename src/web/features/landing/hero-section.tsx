import { Check } from "lucide-react";
import { useTranslation } from "../../lib/i18n.ts";
import { HeroArt } from "./hero-art.tsx";
import { HeroBookingBox } from "./hero-booking-box.tsx";
import { landingNamespace } from "./landing-copy.ts";

/** docs/product.md §2: full-bleed dark hero under the transparent top bar (hence the top padding). */
export function HeroSection() {
  const { t } = useTranslation(landingNamespace);
  const trust = [0, 1, 2].map((index) => t(`hero.trust.${index}`));
  return (
    <section className="relative isolate z-10 bg-ink pt-28 pb-16 text-paper sm:pt-36 sm:pb-24" aria-labelledby="hero-title">
      <HeroArt />
      <div className="relative container-page">
        <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">{t("hero.eyebrow")}</p>
        <h1 id="hero-title" className="mt-4 max-w-3xl text-4xl leading-tight sm:text-5xl lg:text-6xl">
          {t("hero.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-base leading-relaxed text-mist sm:text-lg">{t("hero.lead")}</p>
        <div className="mt-10 max-w-5xl">
          <HeroBookingBox />
        </div>
        <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm text-mist">
          {trust.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Check className="h-4 w-4 text-gold" strokeWidth={2.5} aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
