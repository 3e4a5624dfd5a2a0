import { InfoPage, registerPageContent, useInfoContent } from "../../components/info-page.tsx";
import { formatPercent } from "../../../shared/numbers.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { type AffiliateCopy, affiliateEnglish } from "./affiliate-content.ts";
import { AffiliateForm } from "./affiliate-form.tsx";
import { commissionPercent } from "./affiliate-terms.ts";

registerPageContent<AffiliateCopy>(
  "affiliate",
  { en: affiliateEnglish, sv: () => import("./affiliate-content-sv.ts").then((module) => module.affiliateSwedish) },
  null,
);

export function AffiliatePage() {
  const { t, i18n } = useTranslation("affiliate");
  const commission = formatPercent(commissionPercent / 100, i18n.language);
  const content = useInfoContent("affiliate", "page", { commission });
  return (
    <InfoPage
      content={content}
      heroActions={
        <a href="#apply" className="button-gold mt-8">
          {t("form.applyNow")}
        </a>
      }
    >
      <section id="apply" aria-labelledby="apply-heading" className="border-t border-ink/10 bg-white">
        <div className="container-page py-14 sm:py-20">
          <div className="max-w-3xl">
            <p className="eyebrow">{content.eyebrow}</p>
            <h2 id="apply-heading" className="mt-3 text-3xl text-ink">
              {t("form.heading")}
            </h2>
            <p className="mt-3 mb-8 text-stone">{t("form.lead")}</p>
            <AffiliateForm />
          </div>
        </div>
      </section>
    </InfoPage>
  );
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    affiliate: AffiliateCopy;
  }
}
