import { beforeAll, describe, expect, it } from "vitest";
import { i18n, loadLanguage } from "../../lib/i18n.ts";
import "./operative-translations.ts";

// The brief counts guards and days with each language's plural forms: "1 guard · 1 day".

beforeAll(() => loadLanguage("sv"));

describe("the brief's counted words", () => {
  it("words one and many in English and Swedish", () => {
    const brief = i18n.getFixedT("en", "operative");
    expect(`${brief("brief.guards", { count: 1 })} · ${brief("brief.days", { count: 1 })}`).toBe("1 guard · 1 day");
    expect(`${brief("brief.guards", { count: 2 })} · ${brief("brief.days", { count: 3 })}`).toBe("2 guards · 3 days");
    const swedish = i18n.getFixedT("sv", "operative");
    expect(`${swedish("brief.guards", { count: 1 })} · ${swedish("brief.days", { count: 1 })}`).toBe("1 väktare · 1 dag");
  });
});
