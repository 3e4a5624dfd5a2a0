import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activityEvents,
  defaultInactivityTimeoutMs,
  inactivityWarningMs,
  startInactivityTimer,
  type InactivityTimer,
} from "./inactivity.ts";

// Fake timers: the 30 minutes pass in the test's own clock (vi.useFakeTimers moves Date.now too).

describe("inactivity sign-out timer (docs/product.md §4, §9)", () => {
  const timers: InactivityTimer[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const timer of timers.splice(0)) timer.stop();
    vi.useRealTimers();
  });

  it("defaults to 30 minutes", () => {
    expect(defaultInactivityTimeoutMs).toBe(30 * 60 * 1000);
  });

  it("fires once after the timeout without activity", () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    timers.push(startInactivityTimer({ timeoutMs: 120, onTimeout, target }));
    vi.advanceTimersByTime(60);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each(activityEvents)("is postponed by %s activity", (type) => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    timers.push(startInactivityTimer({ timeoutMs: 300, onTimeout, target }));
    for (let step = 0; step < 4; step += 1) {
      vi.advanceTimersByTime(100);
      target.dispatchEvent(new Event(type));
    }
    // 400 ms have passed, more than the timeout, but never 300 ms in a row without activity.
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("ignores other events and stops listening when stopped", () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    const timer = startInactivityTimer({ timeoutMs: 100, onTimeout, target });
    target.dispatchEvent(new Event("focus"));
    timer.stop();
    vi.advanceTimersByTime(200);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it("uses the injected clock to decide whether the period has ended", () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    let clock = 0;
    timers.push(startInactivityTimer({ timeoutMs: 50, onTimeout, target, now: () => clock }));
    // The timer fires at 50 ms, but the injected clock says only 10 ms passed: re-armed.
    clock = 10;
    vi.advanceTimersByTime(50);
    expect(onTimeout).not.toHaveBeenCalled();
    clock = 60;
    vi.advanceTimersByTime(50);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});

// ADR 118, WCAG 2.2 2.2.1 Timing Adjustable: warned ahead of the sign-out, able to stay.
describe("inactivity warning", () => {
  const timers: InactivityTimer[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const timer of timers.splice(0)) timer.stop();
    vi.useRealTimers();
  });

  function start() {
    const target = new EventTarget();
    const onWarning = vi.fn<(left: number) => void>();
    const onTimeout = vi.fn();
    const timer = startInactivityTimer({
      timeoutMs: defaultInactivityTimeoutMs,
      warningMs: inactivityWarningMs,
      onWarning,
      onTimeout,
      target,
    });
    timers.push(timer);
    return { target, onWarning, onTimeout, timer };
  }

  it("warns at least 60 seconds before the 30-minute sign-out", () => {
    const { onWarning, onTimeout } = start();
    expect(inactivityWarningMs).toBeGreaterThanOrEqual(60_000);
    vi.advanceTimersByTime(defaultInactivityTimeoutMs - inactivityWarningMs - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onWarning.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(inactivityWarningMs);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it("'Stay signed in' starts a whole new period, with a new warning before its end", () => {
    const { onWarning, onTimeout, timer } = start();
    vi.advanceTimersByTime(defaultInactivityTimeoutMs - 30_000);
    expect(onWarning).toHaveBeenCalledTimes(1);
    timer.extend();
    // Past the first period's end: still signed in.
    vi.advanceTimersByTime(defaultInactivityTimeoutMs - inactivityWarningMs - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(onWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(inactivityWarningMs);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("activity before the warning postpones it; while it shows, only staying does", () => {
    const { target, onWarning, onTimeout } = start();
    vi.advanceTimersByTime(20 * 60_000);
    target.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(defaultInactivityTimeoutMs - inactivityWarningMs - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    // A mouse that happens to move does not dismiss the warning unread, nor keep the session.
    target.dispatchEvent(new Event("mousemove"));
    vi.advanceTimersByTime(inactivityWarningMs);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
