import { beforeAll, describe, expect, it } from "vitest";
import { i18n, loadLanguage } from "../../lib/i18n.ts";
import "./insights-translations.ts";

// The summaries count with each language's plural forms (Intl.PluralRules through the catalogue's
// `_one` / `_other` keys): "1 decline", never "1 declines".

beforeAll(() => loadLanguage("sv"));

describe("counted words in insights", () => {
  it("words one and many in English", () => {
    const t = i18n.getFixedT("en", "insights");
    expect(t("counts.declines", { count: 1, number: "1" })).toBe("1 decline");
    expect(t("counts.declines", { count: 2, number: "2" })).toBe("2 declines");
    expect(t("counts.bookings", { count: 1, number: "1" })).toBe("1 booking");
    expect(t("team.inDays", { count: 1 })).toBe("in 1 day");
    expect(
      t("money.averageSummary", {
        service: "Bodyguard",
        amount: "€800",
        bookings: t("counts.bookings", { count: 1, number: "1" }),
        all: "€800",
      }),
    ).toBe("The highest average booking value was Bodyguard: €800 over 1 booking (all services €800).");
  });

  it("words one and many in Swedish", () => {
    const t = i18n.getFixedT("sv", "insights");
    expect(t("counts.declines", { count: 1, number: "1" })).toBe("1 avböjd");
    expect(t("counts.requests", { count: 1, number: "1" })).toBe("1 förfrågan");
    expect(t("counts.bookings", { count: 3, number: "3" })).toBe("3 bokningar");
    expect(t("team.expired", { count: 1 })).toBe("gick ut för 1 dag sedan");
  });
});
