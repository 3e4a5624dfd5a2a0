import { InfoHero, InfoSections, registerPageContent, useInfoContent } from "../../components/info-page.tsx";
import { SearchCallToAction } from "../../components/layout/search-call-to-action.tsx";
import { type HowItWorksContent, howItWorksEnglish, howItWorksSwedish } from "./how-it-works-content.ts";

registerPageContent("how-it-works", { en: howItWorksEnglish, sv: howItWorksSwedish });

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

/** Line icons for the five steps: pin and calendar, sliders, key, envelope, shield with check. */
function StepIcon({ step }: { step: number }) {
  const paths = [
    <>
      <path d="M16 28s-9-8.2-9-14.5a9 9 0 0 1 18 0C25 19.8 16 28 16 28Z" />
      <circle cx="16" cy="13.5" r="3.2" />
    </>,
    <>
      <path d="M6 9h20M6 16h20M6 23h20" />
      <circle cx="12" cy="9" r="2.6" fill="#0b0b0c" />
      <circle cx="21" cy="16" r="2.6" fill="#0b0b0c" />
      <circle cx="10" cy="23" r="2.6" fill="#0b0b0c" />
    </>,
    <>
      <circle cx="11" cy="16" r="5" />
      <path d="M16 16h11M23 16v4M27 16v3" />
    </>,
    <>
      <rect x="5" y="8" width="22" height="16" rx="2" />
      <path d="m6 10 10 7 10-7" />
    </>,
    <>
      <path d="M16 4 7 7.6v6.9c0 6 3.9 11.1 9 12.5 5.1-1.4 9-6.5 9-12.5V7.6Z" />
      <path d="m12 16 3 3 5.5-6" />
    </>,
  ];
  return (
    <span className="flex h-14 w-14 items-center justify-center rounded-full bg-ink" aria-hidden="true">
      <svg
        viewBox="0 0 32 32"
        className="h-7 w-7"
        fill="none"
        stroke="#c9a55c"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {paths[step]}
      </svg>
    </span>
  );
}
