import "./operator-translations.ts";
import { useTranslation } from "../../lib/i18n.ts";

// ADR 026: the operator section exists (layout, staff guard, SPA shell for every path under
// /operator) before its console; until then staff see an honest placeholder.
export function OperatorComingSoon() {
  const { t } = useTranslation("operator");
  return (
    <section className="container-page py-16" aria-labelledby="operator-heading" data-testid="operator-coming-soon">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="operator-heading" className="mt-3 text-3xl">
        {t("title")}
      </h1>
      <p className="mt-4 max-w-prose text-stone">{t("body")}</p>
    </section>
  );
}
