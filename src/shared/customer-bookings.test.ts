import { describe, expect, it } from "vitest";
import { canCancel, isUpcoming, showsGuardNotice, windowStartDay } from "./customer-bookings.ts";

// docs/product.md §4 (upcoming, guard notice) and §9 (filter windows) on calendar days.

describe("windowStartDay", () => {
  it("goes back a week, a calendar month or a calendar year; All has no bound", () => {
    expect(windowStartDay("2026-03-15", "week")).toBe("2026-03-08");
    expect(windowStartDay("2026-03-15", "month")).toBe("2026-02-15");
    expect(windowStartDay("2026-03-15", "year")).toBe("2025-03-15");
    expect(windowStartDay("2026-03-15", "all")).toBeNull();
  });

  it("clamps to the month's last day and crosses the year", () => {
    expect(windowStartDay("2026-03-31", "month")).toBe("2026-02-28");
    expect(windowStartDay("2028-03-31", "month")).toBe("2028-02-29");
    expect(windowStartDay("2026-01-10", "month")).toBe("2025-12-10");
    expect(windowStartDay("2028-02-29", "year")).toBe("2027-02-28");
    expect(windowStartDay("2026-01-03", "week")).toBe("2025-12-27");
  });
});

describe("the booking rules of the dashboard", () => {
  const today = "2026-06-10";
  it("counts a booking starting today as upcoming", () => {
    expect(isUpcoming({ startDate: today }, today)).toBe(true);
    expect(isUpcoming({ startDate: "2026-06-09" }, today)).toBe(false);
  });

  it("shows the guard notice on confirmed upcoming bookings only", () => {
    expect(showsGuardNotice({ startDate: "2026-06-12", status: "confirmed" }, today)).toBe(true);
    expect(showsGuardNotice({ startDate: "2026-06-12", status: "pending" }, today)).toBe(false);
    expect(showsGuardNotice({ startDate: "2026-06-01", status: "confirmed" }, today)).toBe(false);
  });

  it("lets pending or confirmed bookings that have not started be cancelled", () => {
    expect(canCancel({ startDate: today, status: "pending" }, today)).toBe(true);
    expect(canCancel({ startDate: "2026-07-01", status: "confirmed" }, today)).toBe(true);
    expect(canCancel({ startDate: "2026-07-01", status: "cancelled_by_customer" }, today)).toBe(false);
    expect(canCancel({ startDate: "2026-06-09", status: "confirmed" }, today)).toBe(false);
  });
});
