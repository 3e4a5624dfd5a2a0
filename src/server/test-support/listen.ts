import { serve, type ServerType } from "@hono/node-server";
import type { App } from "../app.ts";

/** Serves `app` on a real loopback socket (port 0), for tests that need a TCP peer address. */
export async function listen(app: App): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the test server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections of fetch() would otherwise hold the close for seconds.
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
