import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { defaultLanguage, languageFromCookieHeader } from "../shared/languages.ts";
import { i18n } from "./lib/i18n.ts";

// ADR 001: the server never renders React at request time (`ssr: false`); React Router calls this
// only while building, to prerender the public pages. Waiting for `allReady` gives each page its
// complete HTML, so no streaming scripts or bot detection are needed.
// ADR 256: the page is rendered in the language its request's `language` cookie names (English
// without one): the build renders each prerendered page once more with the Swedish cookie
// (scripts/prerender-languages.ts). The translation store's language is process-wide, so the page
// renderer renders one page at a time (src/server/page-renderer.ts).
export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  await i18n.changeLanguage(languageFromCookieHeader(request.headers.get("cookie")) ?? defaultLanguage);
  const stream = await renderToReadableStream(<ServerRouter context={context} url={request.url} />, {
    onError(error: unknown) {
      status = 500;
      console.error(error);
    },
  });
  await stream.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(stream, { status, headers });
}
