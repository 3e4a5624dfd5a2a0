import { useState } from "react";
import { Link } from "react-router";
import { Accordion } from "../../components/accordion.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { landingNamespace } from "./landing-copy.ts";

const questionCount = 5;

/** docs/product.md §1/§2: five questions, one open at a time, and 'View More FAQs' to /help. */
export function FaqSection() {
  const { t } = useTranslation(landingNamespace);
  const [openId, setOpenId] = useState<string | null>(null);
  const items = Array.from({ length: questionCount }, (_, index) => ({
    id: String(index + 1),
    title: t(`faq.items.${index}.question`),
    content: <p className="max-w-3xl leading-relaxed text-stone">{t(`faq.items.${index}.answer`)}</p>,
  }));
  return (
    <section className="bg-paper py-16 sm:py-24" aria-labelledby="faq-title">
      <div className="container-page grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div>
          <p className="eyebrow">{t("faq.eyebrow")}</p>
          <h2 id="faq-title" className="mt-3 text-3xl sm:text-4xl">
            {t("faq.title")}
          </h2>
          <Link to="/help" className="button-outline mt-8 hidden text-ink hover:bg-ink hover:text-paper lg:inline-flex">
            {t("faq.more")}
          </Link>
        </div>
        <div>
          <Accordion idPrefix="landing-faq" items={items} openId={openId} onOpenChange={setOpenId} />
          <Link to="/help" className="button-outline mt-8 text-ink hover:bg-ink hover:text-paper lg:hidden">
            {t("faq.more")}
          </Link>
        </div>
      </div>
    </section>
  );
}
