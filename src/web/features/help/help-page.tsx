import { useState } from "react";
import { Accordion } from "../../components/accordion.tsx";
import { SearchCallToAction } from "../../components/layout/search-call-to-action.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { ContactBlock } from "./contact-block.tsx";
import { type helpEnglish, helpNamespace } from "./help-copy.ts";
import { HelpSearchBox } from "./help-search-box.tsx";

const faqIdPrefix = "help-faq";

/** docs/product.md §2 help page: 'Get help', search, 10-question FAQ (one open), Contact us, closing CTA. */
export function HelpPage() {
  const { t } = useTranslation(helpNamespace);
  const [openId, setOpenId] = useState<string | null>(null);
  const entries = t("faq.items", { returnObjects: true }) as (typeof helpEnglish)["faq"]["items"];

  function openQuestion(index: number) {
    const id = String(index + 1);
    setOpenId(id);
    // After the panel renders open: bring the question into view and put focus on its header.
    requestAnimationFrame(() => {
      const item = document.getElementById(`${faqIdPrefix}-${id}`);
      const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      item?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
      item?.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
    });
  }

  return (
    <>
      <section className="bg-ink pt-16 pb-20 text-paper sm:pt-20" aria-labelledby="help-title">
        <div className="container-page max-w-3xl text-center">
          <h1 id="help-title" className="text-4xl sm:text-5xl">
            {t("title")}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-mist">{t("lead")}</p>
          <div className="mt-10">
            <HelpSearchBox entries={entries} onPick={openQuestion} />
          </div>
        </div>
      </section>
      <section className="bg-paper py-16 sm:py-20" aria-labelledby="help-faq-title">
        <div className="container-page max-w-3xl">
          <h2 id="help-faq-title" className="text-3xl">
            {t("faqTitle")}
          </h2>
          <div className="mt-8">
            <Accordion
              idPrefix={faqIdPrefix}
              openId={openId}
              onOpenChange={setOpenId}
              items={entries.map((entry, index) => ({
                id: String(index + 1),
                title: entry.question,
                content: <p className="leading-relaxed text-stone">{entry.answer}</p>,
              }))}
            />
          </div>
        </div>
      </section>
      <ContactBlock />
      <SearchCallToAction />
    </>
  );
}
