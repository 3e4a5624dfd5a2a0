import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvironment } from "../env.ts";
import { parseTrustedProxies, resolveClientAddress } from "../http/trusted-proxies.ts";
import { listen } from "../test-support/listen.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { rateLimitAddress } from "./client-ip.ts";
import { rateLimitRules } from "../rate-limit-rules.ts";

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

describe("TRUSTED_PROXIES", () => {
  it("accepts addresses and CIDR ranges of both families, and refuses anything else with the entry named", () => {
    const proxies = parseTrustedProxies(" 10.0.0.0/8, 192.0.2.7 ,fd00::/8, ::1");
    expect(proxies.entries).toEqual(["10.0.0.0/8", "192.0.2.7", "fd00::/8", "::1"]);
    expect(proxies.includes("10.200.3.4")).toBe(true);
    expect(proxies.includes("::ffff:10.1.2.3")).toBe(true);
    expect(proxies.includes("192.0.2.7")).toBe(true);
    expect(proxies.includes("192.0.2.8")).toBe(false);
    expect(proxies.includes("fd12:3456::1")).toBe(true);
    expect(proxies.includes("::1")).toBe(true);
    expect(proxies.includes("2001:db8::1")).toBe(false);
    expect(proxies.includes("not-an-address")).toBe(false);
    expect(parseTrustedProxies(undefined).includes("127.0.0.1")).toBe(false);
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/1", "fd00::/129", "10.0.0.0/-1", "10.0.0.0/"]) {
      expect(() => parseTrustedProxies(`127.0.0.1,${bad}`)).toThrow(bad);
    }
  });

  it("stops the start with a message naming TRUSTED_PROXIES when an entry is invalid", () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "env-proxies-"));
    try {
      expect(() => loadEnvironment({ DATA_DIR: dataDirectory, TRUSTED_PROXIES: "10.0.0.1, 300.0.0.1" })).toThrow(
        /TRUSTED_PROXIES: "300\.0\.0\.1" is not an IP address/,
      );
      expect(loadEnvironment({ DATA_DIR: dataDirectory, TRUSTED_PROXIES: "10.0.0.1" }).trustedProxies.entries).toEqual(["10.0.0.1"]);
    } finally {
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  });

  it("takes the client from X-Forwarded-For only behind a listed proxy, walking from the right past listed proxies", () => {
    const proxies = parseTrustedProxies("10.0.0.0/8");
    // Not a proxy: whatever the header says, the peer is the client.
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", undefined, proxies)).toBe("10.0.0.2");
    // The client wrote "1.1.1.1" itself; the proxy appended the address it saw.
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 198.51.100.1", proxies)).toBe("198.51.100.1");
    // Two proxies in a row.
    expect(resolveClientAddress("::ffff:10.0.0.2", "1.1.1.1,198.51.100.1, 10.0.0.3", proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("10.0.0.2", "[2001:db8::5]:4711", proxies)).toBe("2001:db8::5");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.1:4711", proxies)).toBe("198.51.100.1");
    // Garbage stops the walk at the proxy that forwarded it; only proxies in the list: the leftmost.
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, nonsense", proxies)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "10.0.0.5, 10.0.0.4", proxies)).toBe("10.0.0.5");
  });
});

// Through a real socket: the peer of every request below is 127.0.0.1.
describeEachEngine("client address behind proxies", (engine) => {
  const apply = (server: { url: string }, forwardedFor: string) =>
    fetch(`${server.url}/api/affiliate/applications`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ fullName: "Astrid Lind", email: "astrid@example.se", audience: "concierge", message: "Hi", language: "en" }),
    });
  const limit = rateLimitRules.affiliatePerIpHour.limit;

  describe("without TRUSTED_PROXIES", () => {
    let test: TestApp;
    let server: Awaited<ReturnType<typeof listen>>;
    beforeAll(async () => {
      test = await createTestApp(engine);
      server = await listen(test.app);
    });
    afterAll(async () => {
      await server.close();
      await test.close();
    });

    it("ignores a spoofed X-Forwarded-For: a new value per request does not make a new client", async () => {
      for (let index = 0; index < limit; index += 1) expect((await apply(server, `198.51.100.${index}`)).status).toBe(201);
      const refused = await apply(server, "198.51.100.200");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await test.countRows("affiliate_applications")).toBe(limit);
    });
  });

  describe("with TRUSTED_PROXIES=127.0.0.1", () => {
    let test: TestApp;
    let server: Awaited<ReturnType<typeof listen>>;
    beforeAll(async () => {
      test = await createTestApp(engine, { TRUSTED_PROXIES: "127.0.0.1" });
      server = await listen(test.app);
    });
    afterAll(async () => {
      await server.close();
      await test.close();
    });

    it("counts each forwarded client apart, and a client cannot escape by writing its own X-Forwarded-For", async () => {
      for (let index = 0; index < limit; index += 1) expect((await apply(server, `203.0.113.7`)).status).toBe(201);
      expect((await apply(server, "203.0.113.7")).status).toBe(429);
      // What the client wrote left of the proxy's entry changes nothing.
      expect((await apply(server, "192.0.2.1, 203.0.113.7")).status).toBe(429);
      expect((await apply(server, "203.0.113.8")).status).toBe(201);
    });
  });
});
