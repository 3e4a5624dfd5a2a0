import { afterEach, describe, expect, it, vi } from "vitest";
import { activityEvents, defaultInactivityTimeoutMs, startInactivityTimer } from "./inactivity.ts";

// Real timers with a short injected timeout: the test waits a few hundred milliseconds, not 30 minutes.

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("inactivity sign-out timer (docs/product.md §4, §9)", () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it("defaults to 30 minutes", () => {
    expect(defaultInactivityTimeoutMs).toBe(30 * 60 * 1000);
  });

  it("fires once after the timeout without activity", async () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    stops.push(startInactivityTimer({ timeoutMs: 120, onTimeout, target }));
    await wait(60);
    expect(onTimeout).not.toHaveBeenCalled();
    await wait(120);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    await wait(200);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each(activityEvents)("is postponed by %s activity", async (type) => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    stops.push(startInactivityTimer({ timeoutMs: 300, onTimeout, target }));
    for (let step = 0; step < 4; step += 1) {
      await wait(100);
      target.dispatchEvent(new Event(type));
    }
    // 400 ms have passed, more than the timeout, but never 300 ms in a row without activity.
    expect(onTimeout).not.toHaveBeenCalled();
    await wait(450);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("ignores other events and stops listening when stopped", async () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: 100, onTimeout, target });
    target.dispatchEvent(new Event("focus"));
    stop();
    await wait(180);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it("uses the injected clock to decide whether the period has ended", async () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    let clock = 0;
    stops.push(startInactivityTimer({ timeoutMs: 50, onTimeout, target, now: () => clock }));
    // The timer fires at 50 ms real time, but the injected clock says only 10 ms passed: re-armed.
    clock = 10;
    await wait(80);
    expect(onTimeout).not.toHaveBeenCalled();
    clock = 60;
    await wait(80);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
