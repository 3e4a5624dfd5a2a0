import { describe, expect, it } from "vitest";
import { replyTimer } from "./format.ts";

// The 24-hour reply promise as the queue shows it: neutral, amber under 6 hours left, red overdue.

describe("replyTimer", () => {
  const due = "2026-11-24T12:00:00.000Z";
  const at = (iso: string) => new Date(iso).getTime();

  it("counts the hours and minutes left while more than 6 hours remain", () => {
    expect(replyTimer(due, at("2026-11-23T13:30:00.000Z"))).toEqual({ state: "ok", hours: 22, minutes: 30 });
    expect(replyTimer(due, at("2026-11-24T06:00:00.000Z"))).toEqual({ state: "ok", hours: 6, minutes: 0 });
  });

  it("turns amber under 6 hours", () => {
    expect(replyTimer(due, at("2026-11-24T06:00:01.000Z")).state).toBe("soon");
    expect(replyTimer(due, at("2026-11-24T11:59:00.000Z"))).toEqual({ state: "soon", hours: 0, minutes: 1 });
  });

  it("turns red once the promise is broken, counting the time overdue", () => {
    expect(replyTimer(due, at("2026-11-24T12:00:00.001Z")).state).toBe("overdue");
    expect(replyTimer(due, at("2026-11-24T14:15:00.000Z"))).toEqual({ state: "overdue", hours: 2, minutes: 15 });
  });
});
