import { ClosingCallToAction } from "./closing-call-to-action.tsx";
import { FaqSection } from "./faq-section.tsx";
import { HeroSection } from "./hero-section.tsx";
import "./landing-copy.ts";
import { ServicesSection } from "./services-section.tsx";
import { TestimonialsSection } from "./testimonials-section.tsx";
import { WhyChooseUs } from "./why-choose-us.tsx";

/** docs/product.md §1/§2 landing page, top to bottom. */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <WhyChooseUs />
      <FaqSection />
      <TestimonialsSection />
      <ClosingCallToAction />
    </>
  );
}
