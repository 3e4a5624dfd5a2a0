import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";

// ADR 172: React Router's server build of the same `npm run build` as the prerendered pages, kept
// in `<build>/page-renderer` (vite.config.ts). It renders a prerendered path again, exactly as the
// build's prerender did (same route modules, same client manifest and asset names), with data the
// server passes as the load context. It is loaded on first use: a server whose data never changes
// never imports it.

export type PageRenderer = {
  /** The HTML of `pathname` as React Router prerenders it, rendered with `loadContext`; null if it did not answer 200. */
  render(pathname: string, loadContext: object): Promise<string | null>;
};

/** The renderer of the build whose client directory is `clientDirectory`, or undefined if the build has none. */
export function loadPageRenderer(clientDirectory: string): PageRenderer | undefined {
  const entry = path.join(clientDirectory, "..", "page-renderer", "index.js");
  if (!existsSync(entry)) return undefined;
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return {
    async render(pathname, loadContext) {
      handler ??= import(pathToFileURL(entry).href).then((build: ServerBuild) => createRequestHandler(build, "production"));
      // The origin is never seen: the route's loader reads the load context, not the network.
      const response = await (await handler)(new Request(new URL(pathname, "http://localhost")), loadContext as never);
      return response.status === 200 ? response.text() : null;
    },
  };
}
