import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import {
  enforceRateLimits,
  hitFits,
  RateLimitedError,
  releaseRateLimits,
  secondsUntilAllowed,
  slidingWindow,
  takeRateLimitSlot,
  type RateLimitRule,
} from "./rate-limit.ts";

// ADR 034: the sliding estimate (previous window weighted by its overlap + current window).

const rule: RateLimitRule = { name: "test-rule", limit: 10, windowSeconds: 3600 };
const windowStart = Date.UTC(2026, 10, 23, 10, 0, 0);
const at = (seconds: number) => windowStart + seconds * 1000;

describe("window math", () => {
  it("counts the share of the previous window that still overlaps the last hour", () => {
    expect(slidingWindow(rule, at(0))).toMatchObject({ currentStart: windowStart, remainingMs: 3_600_000 });
    expect(slidingWindow(rule, at(900)).remainingMs).toBe(2_700_000);
    expect(slidingWindow(rule, at(3599)).currentStart).toBe(windowStart);
    expect(slidingWindow(rule, at(3600)).currentStart).toBe(windowStart + 3_600_000);
  });

  it("a full previous window leaves no room at the start of the next one, and room grows as it slides out", () => {
    const hour = 3_600_000;
    expect(hitFits(10, { previous: 10, current: 0 }, hour, hour)).toBe(false);
    // A quarter of the hour later, 10 × 0.75 = 7.5 still count: two more hits fit, not three.
    expect(hitFits(10, { previous: 10, current: 1 }, 0.75 * hour, hour)).toBe(true);
    expect(hitFits(10, { previous: 10, current: 2 }, 0.75 * hour, hour)).toBe(false);
    expect(hitFits(100, { previous: 100, current: 69 }, 0.3 * hour, hour)).toBe(true);
    expect(hitFits(100, { previous: 100, current: 70 }, 0.3 * hour, hour)).toBe(false);
    expect(hitFits(10, { previous: 0, current: 9 }, hour, hour)).toBe(true);
    expect(hitFits(10, { previous: 0, current: 10 }, hour, hour)).toBe(false);
  });

  it("Retry-After is the moment one more hit fits", () => {
    // 10 hits at the end of the last window: the next fits once 10 × weight ≤ 9, after 6 minutes.
    expect(secondsUntilAllowed(rule, { previous: 10, current: 0 }, at(0))).toBe(360);
    // This window is full: the next fits in the next window once 10 × weight ≤ 9.
    expect(secondsUntilAllowed(rule, { previous: 0, current: 10 }, at(1800))).toBe(1800 + 360);
    expect(secondsUntilAllowed(rule, { previous: 0, current: 0 }, at(5))).toBe(1);
  });
});

describeEachEngine("rate limits in the database", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const countOf = async (subject: string) => {
    const rows = await test.db.selectFrom("rate_limits").select("count").where("key", "=", `${rule.name}:${subject}`).execute();
    return rows.reduce((sum, row) => sum + Number(row.count), 0);
  };

  it("the edge of a window does not double the budget: a burst just before it still counts just after it", async () => {
    const subject = "edge";
    for (let hit = 0; hit < 10; hit += 1)
      expect((await takeRateLimitSlot(test.db, { rule, subject }, new Date(at(3598)))).allowed).toBe(true);
    const justAfter = await takeRateLimitSlot(test.db, { rule, subject }, new Date(at(3601)));
    expect(justAfter).toEqual({ allowed: false, retryAfterSeconds: 359 });
    // Half an hour later half of the burst has slid out: 5 more fit, the sixth does not.
    const later = new Date(at(3600 + 1800));
    const decisions = [];
    for (let hit = 0; hit < 6; hit += 1) decisions.push((await takeRateLimitSlot(test.db, { rule, subject }, later)).allowed);
    expect(decisions).toEqual([true, true, true, true, true, false]);
  });

  it("a refused hit writes nothing, and concurrent hits never take more than the limit", async () => {
    const subject = "concurrent";
    const now = new Date(at(100));
    const decisions = await Promise.all(Array.from({ length: 25 }, () => takeRateLimitSlot(test.db, { rule, subject }, now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(await countOf(subject)).toBe(10);
    for (let hit = 0; hit < 5; hit += 1) expect((await takeRateLimitSlot(test.db, { rule, subject }, now)).allowed).toBe(false);
    expect(await countOf(subject)).toBe(10);
  });

  it("takes every check or none, and a released hit is free again", async () => {
    const full = { rule: { ...rule, limit: 1 }, subject: "all-or-none-full" };
    const other = { rule, subject: "all-or-none-other" };
    const now = new Date(at(200));
    await enforceRateLimits(test.db, [full], undefined, now);
    await expect(enforceRateLimits(test.db, [other, full], undefined, now)).rejects.toBeInstanceOf(RateLimitedError);
    expect(await countOf("all-or-none-other")).toBe(0);
    const slots = await enforceRateLimits(test.db, [other], undefined, now);
    expect(await countOf("all-or-none-other")).toBe(1);
    await releaseRateLimits(test.db, slots);
    expect(await countOf("all-or-none-other")).toBe(0);
  });
});
