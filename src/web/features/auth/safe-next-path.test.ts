import { describe, expect, it } from "vitest";
import { defaultAfterSignIn, safeNextPath } from "./safe-next-path.ts";

describe("safeNextPath (?next= after sign-in)", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeNextPath("/secure-booking")).toBe("/secure-booking");
    expect(safeNextPath("/customer-dashboard/bookings?filter=all#top")).toBe("/customer-dashboard/bookings?filter=all#top");
  });

  it.each([
    null,
    "",
    "https://evil.example/phish",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "customer-dashboard",
    "/login",
    "/logout",
    "/\u0000x",
    `/${"a".repeat(3000)}`,
  ])("falls back to the dashboard for %j", (value) => {
    expect(safeNextPath(value)).toBe(defaultAfterSignIn);
  });
});
