import { KeyRound, Mail, MapPin, ShieldCheck, SlidersHorizontal } from "lucide-react";
import { InfoHero, InfoSections, registerPageContent, useInfoContent } from "../../components/info-page.tsx";
import { SearchCallToAction } from "../../components/layout/search-call-to-action.tsx";
import { type HowItWorksContent, howItWorksEnglish } from "./how-it-works-content.ts";

registerPageContent("how-it-works", {
  en: howItWorksEnglish,
  sv: () => import("./how-it-works-content-sv.ts").then((module) => module.howItWorksSwedish),
});

export function HowItWorksPage() {
  const content = useInfoContent<HowItWorksContent>("how-it-works");
  return (
    <>
      <article>
        <InfoHero eyebrow={content.eyebrow} title={content.title} intro={content.intro} />
        <section aria-labelledby="steps-heading" className="container-page pt-14 sm:pt-20">
          <h2 id="steps-heading" className="sr-only">
            {content.stepsHeading}
          </h2>
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-5">
            {content.steps.map((step, index) => (
              <li key={index} className="relative flex flex-col rounded-lg border border-ink/10 bg-white p-6 shadow-sm">
                <StepIcon step={index} />
                <p className="mt-5 text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">
                  {content.stepLabel} {index + 1}
                </p>
                <h3 className="mt-2 text-xl leading-snug text-ink">{step.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-stone">{step.body}</p>
              </li>
            ))}
          </ol>
        </section>
        <InfoSections sections={content.sections} showTableOfContents={false} />
      </article>
      <SearchCallToAction />
    </>
  );
}

/** Line icons for the five steps: pin, sliders, key, envelope, shield with check. */
const stepIcons = [MapPin, SlidersHorizontal, KeyRound, Mail, ShieldCheck];

function StepIcon({ step }: { step: number }) {
  const Icon = stepIcons[step] ?? ShieldCheck;
  return (
    <span className="flex h-14 w-14 items-center justify-center rounded-full bg-ink" aria-hidden="true">
      <Icon className="h-7 w-7 text-gold" strokeWidth={1.6} />
    </span>
  );
}

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "how-it-works": { page: HowItWorksContent };
  }
}
