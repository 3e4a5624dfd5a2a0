import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { landingNamespace, testimonialRatings } from "./landing-copy.ts";
import { StarRating } from "./star-rating.tsx";

/** docs/product.md §9: a horizontal swipe of at least 50 px changes the slide. */
export const swipeThreshold = 50;
const carouselQuery = "(max-width: 768px)";

/** docs/product.md §2: three testimonials in a row; a swipeable carousel at 768 px wide or less. */
export function TestimonialsSection() {
  const { t, i18n } = useTranslation(landingNamespace);
  const total = testimonialRatings.length;
  const [current, setCurrent] = useState(0);
  const [isCarousel, setIsCarousel] = useState(false);
  const swipeStart = useRef<number | null>(null);

  // The prerendered HTML shows the row; the carousel semantics switch on once the width is known.
  useEffect(() => {
    const media = window.matchMedia(carouselQuery);
    const update = () => setIsCarousel(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);

  const go = (index: number) => setCurrent((index + total) % total);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    swipeStart.current = event.clientX;
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= swipeThreshold) go(distance < 0 ? current + 1 : current - 1);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!isCarousel) return;
    if (event.key === "ArrowRight") go(current + 1);
    else if (event.key === "ArrowLeft") go(current - 1);
  }

  const arrow = (direction: "previous" | "next") => (
    <button
      type="button"
      className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-ink/30 text-ink hover:border-gold-deep hover:text-gold-deep"
      onClick={() => go(direction === "next" ? current + 1 : current - 1)}
      aria-label={t(`testimonials.${direction}`)}
      data-testid={`testimonial-${direction}`}
    >
      {direction === "next" ? (
        <ChevronRight className="h-5 w-5" aria-hidden="true" />
      ) : (
        <ChevronLeft className="h-5 w-5" aria-hidden="true" />
      )}
    </button>
  );

  return (
    <section className="bg-white py-16 sm:py-24" aria-labelledby="testimonials-title">
      <div className="container-page">
        <p className="eyebrow">{t("testimonials.eyebrow")}</p>
        <h2 id="testimonials-title" className="mt-3 text-3xl sm:text-4xl">
          {t("testimonials.title")}
        </h2>
        <div
          className="mt-10 overflow-hidden min-[769px]:overflow-visible"
          role={isCarousel ? "region" : undefined}
          aria-roledescription={isCarousel ? "carousel" : undefined}
          aria-label={isCarousel ? t("testimonials.region") : undefined}
          onKeyDown={onKeyDown}
        >
          <div
            className="flex touch-pan-y transition-transform duration-300 ease-out select-none min-[769px]:grid min-[769px]:grid-cols-3 min-[769px]:gap-6 min-[769px]:select-auto"
            style={isCarousel ? { transform: `translateX(-${current * 100}%)` } : undefined}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
            data-testid="testimonials-track"
          >
            {testimonialRatings.map((rating, index) => {
              const hidden = isCarousel && index !== current;
              return (
                <figure
                  key={index}
                  className="flex w-full shrink-0 flex-col rounded-xl border border-ink-line/15 bg-paper p-7"
                  role={isCarousel ? "group" : undefined}
                  aria-roledescription={isCarousel ? "slide" : undefined}
                  aria-label={isCarousel ? t("testimonials.slide", { number: index + 1, total }) : undefined}
                  aria-hidden={hidden || undefined}
                  inert={hidden}
                  data-testid="testimonial"
                >
                  <StarRating
                    rating={rating.stars}
                    label={t("testimonials.rated", { rating: rating.written[i18n.language === "sv" ? "sv" : "en"] })}
                  />
                  <blockquote className="mt-5 flex-1 font-display text-lg leading-relaxed text-ink">
                    “{t(`testimonials.items.${index}.quote`)}”
                  </blockquote>
                  <figcaption className="mt-6 text-sm font-semibold text-stone">{t(`testimonials.items.${index}.author`)}</figcaption>
                </figure>
              );
            })}
          </div>
          <div className="mt-6 flex items-center justify-center gap-4 min-[769px]:hidden">
            {arrow("previous")}
            <div className="flex gap-1">
              {testimonialRatings.map((_, index) => (
                <button
                  key={index}
                  type="button"
                  className="inline-flex h-11 w-8 items-center justify-center"
                  onClick={() => go(index)}
                  aria-label={t("testimonials.goTo", { number: index + 1, total })}
                  aria-current={index === current || undefined}
                >
                  <span
                    className={`block h-2.5 rounded-full transition-all ${index === current ? "w-6 bg-gold-deep" : "w-2.5 bg-ink/30"}`}
                  />
                </button>
              ))}
            </div>
            {arrow("next")}
          </div>
        </div>
      </div>
    </section>
  );
}
