import { DollarSign, Lock, ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

const icons = [ShieldCheck, UserRound, DollarSign, Lock];

/** docs/product.md §1: why choose us. */
export function WhyChooseUs() {
  const { t } = useTranslation(landingNamespace);
  return (
    <section className="bg-ink py-16 text-paper sm:py-24" aria-labelledby="why-title">
      <div className="container-page">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{t("why.eyebrow")}</p>
        <h2 id="why-title" className="mt-3 max-w-2xl text-3xl sm:text-4xl">
          {t("why.title")}
        </h2>
        <ul className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          {icons.map((Icon, index) => (
            <li key={index}>
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full border border-gold/50 text-gold">
                <Icon className="h-6 w-6" strokeWidth={1.7} aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-sans text-lg font-semibold tracking-normal">{t(`why.items.${index}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-mist">{t(`why.items.${index}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
