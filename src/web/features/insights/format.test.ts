import { describe, expect, it } from "vitest";
import { formatCount, formatPoints, formatShare, formatShortDay } from "./format.ts";

describe("insights formats", () => {
  it("prints shares with one decimal in each language", () => {
    expect(formatShare(0.775, "en")).toBe("77.5%");
    expect(formatShare(0.775, "sv")).toBe("77,5\u00a0%");
    expect(formatShare(null, "en")).toBe("–");
  });

  it("prints counts, points and short days in each language", () => {
    expect(formatCount(12345, "en")).toBe("12,345");
    expect(formatCount(12345, "sv")).toBe("12\u00a0345");
    expect(formatPoints(-0.035, "en")).toBe("3.5");
    expect(formatShortDay("2026-11-26", "en")).toBe("26 Nov");
    expect(formatShortDay("2026-11-26", "sv")).toBe("26 nov.");
  });
});
