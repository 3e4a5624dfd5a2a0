import { BlockList, isIP, isIPv4 } from "node:net";

// TRUSTED_PROXIES (ADR 034): the reverse proxies whose X-Forwarded-For is believed. Entries are IP
// addresses or CIDR ranges, IPv4 or IPv6, separated by commas.

export type TrustedProxies = {
  /** The entries as configured, for logs and tests. */
  entries: readonly string[];
  /** Whether `address` (as a socket or X-Forwarded-For gives it) belongs to a listed proxy. */
  includes: (address: string) => boolean;
};

export class TrustedProxiesError extends Error {}

/** "::ffff:192.0.2.1" is the IPv4 peer 192.0.2.1 on a dual-stack socket; a zone index is not part of the address. */
export function normalizeAddress(address: string): string {
  const withoutZone = address.trim().split("%")[0] ?? "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(withoutZone);
  return mapped?.[1] && isIPv4(mapped[1]) ? mapped[1] : withoutZone;
}

/** Parses the comma-separated list; an invalid entry throws with a message naming it. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const entries = (text ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefixText, ...rest] = entry.split("/");
    const version = isIP(address);
    const maximumPrefix = version === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? maximumPrefix : Number(prefixText);
    const validPrefix = prefixText === undefined || (/^\d{1,3}$/.test(prefixText) && prefix <= maximumPrefix);
    if (version === 0 || rest.length > 0 || !validPrefix) {
      throw new TrustedProxiesError(`"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)`);
    }
    list.addSubnet(address, prefix, version === 4 ? "ipv4" : "ipv6");
  }
  return {
    entries,
    includes: (address) => {
      const normalized = normalizeAddress(address);
      const version = isIP(normalized);
      if (version === 0 || entries.length === 0) return false;
      return list.check(normalized, version === 4 ? "ipv4" : "ipv6");
    },
  };
}

/**
 * One X-Forwarded-For entry as an address, or null when it is not one. Some proxies add the
 * port ("192.0.2.1:4711", "[2001:db8::1]:4711").
 */
export function forwardedAddress(entry: string): string | null {
  const trimmed = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed);
  const candidate = normalizeAddress(bracketed?.[1] ?? withPort?.[1] ?? trimmed);
  return isIP(candidate) === 0 ? null : candidate;
}

/**
 * The client's address: the socket peer, unless it is a trusted proxy; then X-Forwarded-For is
 * walked from the right (each proxy appends the address it received the request from), skipping
 * trusted proxies, and the first address that is not one is the client. Entries left of it were
 * written by the client itself and are never believed. An unreadable entry stops the walk at the
 * proxy that forwarded it.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let client = normalizeAddress(peer);
  if (!forwardedFor || !trusted.includes(client)) return client;
  const hops = forwardedFor.split(",").reverse();
  for (const hop of hops) {
    if (!trusted.includes(client)) break;
    const address = forwardedAddress(hop);
    if (!address) break;
    client = address;
  }
  return client;
}
