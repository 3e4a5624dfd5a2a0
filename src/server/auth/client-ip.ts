import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address from the TCP connection (ISSUE accounts point 7). X-Forwarded-For is never
 * trusted while a socket exists; only app.request() in tests has no socket, and then the
 * X-Test-Client-Ip header stands in so tests can act as several clients.
 */
export function clientIp(c: Context): string {
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (bindings?.incoming ?? bindings?.server?.incoming) {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  }
  return c.req.header("x-test-client-ip") ?? "unknown";
}
