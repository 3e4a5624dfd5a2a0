import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "./client-ip.ts";

// Rate-limit bypass: an IPv6 client normally holds a whole /64 and can send every request from a
// new address in it, so per-address counters never fill. Limits count per /64 for IPv6.
describe("rateLimitAddress", () => {
  it("counts every address of one IPv6 /64 as one client", () => {
    const first = rateLimitAddress("2001:db8:1:2:aaaa:bbbb:cccc:1");
    expect(rateLimitAddress("2001:db8:1:2::9")).toBe(first);
    expect(rateLimitAddress("2001:0db8:0001:0002:ffff:0:0:1")).toBe(first);
    expect(rateLimitAddress("2001:DB8:1:2::1%eth0")).toBe(first);
    expect(first).toBe("2001:db8:1:2::/64");
  });

  it("keeps different /64 networks apart", () => {
    expect(rateLimitAddress("2001:db8:1:3::1")).not.toBe(rateLimitAddress("2001:db8:1:2::1"));
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 addresses whole, also when mapped into IPv6", () => {
    expect(rateLimitAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitAddress("198.51.100.8")).not.toBe(rateLimitAddress("198.51.100.7"));
  });
});
