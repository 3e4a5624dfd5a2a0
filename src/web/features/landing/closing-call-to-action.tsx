import { useTranslation } from "../../lib/i18n.ts";
import { bookingBoxId } from "./hero-booking-box.tsx";
import { landingNamespace } from "./landing-copy.ts";

/** docs/product.md §2: the closing SEARCH scrolls smoothly back to the booking box. */
export function ClosingCallToAction() {
  const { t } = useTranslation(landingNamespace);

  function scrollToBookingBox() {
    const box = document.getElementById(bookingBoxId);
    if (!box) return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    // Keyboard and screen-reader users land in the box, not just near it.
    box.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
  }

  return (
    <section className="relative overflow-hidden bg-ink py-20 text-center text-paper" aria-labelledby="closing-title">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold to-transparent"
        aria-hidden="true"
      />
      <div className="container-page">
        <h2 id="closing-title" className="text-3xl sm:text-4xl">
          {t("closing.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-mist">{t("closing.body")}</p>
        <button type="button" className="button-gold mt-8" onClick={scrollToBookingBox} data-testid="closing-search">
          {t("actions.searchNow", { ns: "common" })}
        </button>
      </div>
    </section>
  );
}
