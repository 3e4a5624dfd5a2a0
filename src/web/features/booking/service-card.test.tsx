// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { siteCatalogue } from "../../../shared/catalogue.ts";
import { defaultOptions } from "../../../shared/pricing.ts";
import { i18n, loadLanguage } from "../../lib/i18n.ts";
import { ServiceCard } from "./service-card.tsx";

// ADR 248: a price reduction may only be announced against the lowest price applied in the 30 days
// before it (Directive 98/6/EC art. 6a; Prisinformationslagen (2004:347) 7 a §). Nordic Shield has
// no reduced price: every day costs the daily price, so a card shows that price and nothing struck
// through, no "SAVE" badge, for one day or several, in English and Swedish.

afterEach(cleanup);

const residential = siteCatalogue.find((service) => service.slug === "residential");
if (!residential) throw new Error("no residential service");

function renderCard(days: number, selected: boolean) {
  render(
    <ServiceCard
      service={residential!}
      options={selected ? { ...defaultOptions(residential!), days } : undefined}
      days={days}
      collapsed={false}
      buyer="consumer"
      onToggle={() => undefined}
      onChange={() => undefined}
    />,
  );
  return screen.getByRole("article");
}

describe("a service card's price", () => {
  for (const language of ["en", "sv"] as const) {
    for (const days of [1, 3]) {
      it(`shows only the price charged, for ${days} day(s) in ${language}`, async () => {
        await loadLanguage(language);
        await i18n.changeLanguage(language);
        const card = renderCard(days, true);
        expect(card.textContent).not.toMatch(/SAVE|SPARA|%/);
        expect(card.querySelector("s, del")).toBeNull();
        expect(screen.getByTestId("service-daily-price").textContent).toMatch(/499/);
      });
    }
  }
});
