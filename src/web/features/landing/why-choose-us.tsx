import { useTranslation } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";
import { OutlineIcon } from "./outline-icon.tsx";

const icons = [
  "M12 3 19 6v6c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9V6zM9 12l2 2 4-4",
  "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-7 8-7s8 3 8 7",
  "M12 3v18M16 7H10a2.5 2.5 0 0 0 0 5h4a2.5 2.5 0 0 1 0 5H8",
  "M6 11V8a6 6 0 1 1 12 0v3M5 11h14v10H5zM12 15v2",
];

/** SPEC §1: why choose us. */
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
          {icons.map((icon, index) => (
            <li key={icon}>
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full border border-gold/50 text-gold">
                <OutlineIcon path={icon} />
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
