import { isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { normalizeAddress, resolveClientAddress } from "../http/trusted-proxies.ts";

/**
 * The client's address, which keys the rate limits (ADR 031, ADR 034): the TCP peer, or, when the
 * peer is one of TRUSTED_PROXIES, the address that proxy reports in X-Forwarded-For. Only
 * app.request() in tests has no socket; then the X-Test-Client-Ip header stands in so tests can act
 * as several clients. An IPv6 client counts by its /64 (see rateLimitAddress).
 */
export function clientIp<Environment extends AppEnv>(c: Context<Environment>): string {
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (bindings?.incoming ?? bindings?.server?.incoming) {
    const peer = getConnInfo(c).remote.address;
    if (peer) return rateLimitAddress(resolveClientAddress(peer, c.req.header("x-forwarded-for"), c.var.deps.env.trustedProxies));
  }
  return c.req.header("x-test-client-ip") ?? "unknown";
}

/**
 * The client's own address, whole (an IPv6 one too): what BankID asks for as `endUserIp` (ADR 272),
 * never a rate-limit key. Tests without a socket name it with X-Test-Client-Ip.
 */
export function clientAddress<Environment extends AppEnv>(c: Context<Environment>): string {
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (bindings?.incoming ?? bindings?.server?.incoming) {
    const peer = getConnInfo(c).remote.address;
    if (peer) return normalizeAddress(resolveClientAddress(peer, c.req.header("x-forwarded-for"), c.var.deps.env.trustedProxies));
  }
  return c.req.header("x-test-client-ip") ?? "127.0.0.1";
}

/**
 * The part of an address that identifies one client for rate limits. An IPv6 host normally holds a
 * whole /64 and could use a new address for every request, so IPv6 counts by its /64 prefix;
 * IPv4 (also IPv4-mapped IPv6) counts by the whole address.
 */
export function rateLimitAddress(address: string): string {
  const normalized = normalizeAddress(address);
  if (!isIPv6(normalized)) return normalized;
  const hasGap = normalized.includes("::");
  const [left = "", right = ""] = hasGap ? normalized.split("::") : [normalized, ""];
  const groupsOf = (part: string) => (part ? part.split(":") : []);
  // A dotted IPv4 tail stands for two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const leftGroups = groupsOf(left);
  const rightGroups = groupsOf(right);
  const gap = hasGap ? 8 - width(leftGroups) - width(rightGroups) : 0;
  const groups = [...leftGroups, ...Array<string>(gap).fill("0"), ...rightGroups];
  const prefix = groups.slice(0, 4).map((group) => (group.includes(".") ? group : Number.parseInt(group, 16).toString(16)));
  return `${prefix.join(":")}::/64`;
}
