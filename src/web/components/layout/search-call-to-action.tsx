import { searchAnchor } from "../../../shared/site-sections.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** docs/product.md §2: every info page ends with a Search button to the landing page's booking box. */
export function SearchCallToAction() {
  const { t } = useTranslation();
  return (
    <section className="bg-ink py-16 text-center text-paper" aria-labelledby="closing-cta">
      <div className="container-page">
        <h2 id="closing-cta" className="text-3xl sm:text-4xl">
          {t("cta.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-mist">{t("cta.body")}</p>
        <a href={searchAnchor} className="button-gold mt-8" data-testid="search-cta">
          {t("actions.search")}
        </a>
      </div>
    </section>
  );
}
