import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { defaultLanguage, languageCookieName, type Language } from "../shared/languages.ts";

// ADR 172: React Router's server build of the same `npm run build` as the prerendered pages, kept
// in `<build>/page-renderer` (vite.config.ts). It renders a prerendered path again, exactly as the
// build's prerender did (same route modules, same client manifest and asset names), with data the
// server passes as the load context. It is loaded on first use: a server whose data never changes
// never imports it.
// ADR 256: it renders in a language (the request carries the language cookie the browser would
// send), one page at a time: the translation store's language is one for the whole process, and two
// renders in flight at once could mix their languages.

export type RenderOptions = {
  /** The page's language (ADR 256); English when not given. */
  language?: Language;
  /** The status the page answers with when rendered as it should be: 200, or 404 for the not-found page. */
  expectedStatus?: number;
};

export type PageRenderer = {
  /** The HTML of `pathname` as React Router prerenders it, rendered with `loadContext`; null if it did not answer as expected. */
  render(pathname: string, loadContext: object, options?: RenderOptions): Promise<string | null>;
};

/** The renderer of the build whose client directory is `clientDirectory`, or undefined if the build has none. */
export function loadPageRenderer(clientDirectory: string): PageRenderer | undefined {
  const entry = path.join(clientDirectory, "..", "page-renderer", "index.js");
  if (!existsSync(entry)) return undefined;
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  async function renderNow(pathname: string, loadContext: object, options: RenderOptions): Promise<string | null> {
    handler ??= import(pathToFileURL(entry).href).then((build: ServerBuild) => createRequestHandler(build, "production"));
    // The origin is never seen: the route's loader reads the load context, not the network.
    const request = new Request(new URL(pathname, "http://localhost"), {
      headers: { Cookie: `${languageCookieName}=${options.language ?? defaultLanguage}` },
    });
    const response = await (await handler)(request, loadContext as never);
    return response.status === (options.expectedStatus ?? 200) ? response.text() : null;
  }
  return {
    render(pathname, loadContext, options = {}) {
      const result = previous.then(() => renderNow(pathname, loadContext, options));
      previous = result.catch(() => undefined);
      return result;
    },
  };
}
