import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { defaultLanguage, requestLanguage, type Language } from "../shared/languages.ts";
import { notFoundPath, prerenderedPaths, shellRenders, withoutSessionPaths } from "../shared/site-map.ts";
import { firstPaintHtml } from "./first-paint-html.ts";
import { loadPageRenderer, type PageRenderer } from "./page-renderer.ts";
import { namedModulePreloads, routePreloads, withModulePreloads } from "./route-preloads.ts";

// Serves the React Router build (ADR 001): prerendered pages as static HTML, client-only screens
// (and any path below the account and operator sections, ADR 026) through the SPA shell, and every
// other path as the prerendered 404 page with status 404.
// The whole build is small, so it is read into memory once at start.
//
// ADR 065: a prerendered page built from data that may change (the booking page's catalogue) names
// that data in a `data-content-fingerprint` attribute. It is served only while the caller's
// `freshness` check says the live data still has that fingerprint; otherwise the SPA shell renders
// the screen from the live data. This module knows nothing of what the data is.
// ADR 172: when the live data no longer matches, the caller's `liveContent` gives the live data's
// fingerprint and the load context to render the page with; the build's page renderer renders it
// again (once per fingerprint, kept in memory) and that HTML is served. Without a renderer, or if
// rendering fails, the SPA shell renders the screen as before.
// ADR 085: a prerendered screen for visitors without a session (/login) is served only when the
// caller's `hasSession` check finds no session cookie; a signed-in visitor gets the SPA shell.
// ADR 256: every page (and the shell and the 404 page) is built in each language; a request gets the
// one its `language` cookie names, else its `Accept-Language` prefers, else English, and every HTML
// answer says so in `Vary: Cookie, Accept-Language` so no cache hands one visitor's language to another.
// ADR 292: the SPA shell names every module of the routes a path matches (route-preloads.ts), one
// variant per language and set of modules, made once and kept.

/** The SPA shell React Router writes next to the prerendered pages (`ssr: false`). */
export const spaShellFile = "__spa-fallback.html";

/**
 * ADR 256: a page's HTML in a language other than English sits next to the English file, named
 * `index.sv.html` for `index.html`; `file` is the English file's path, relative or absolute.
 * scripts/prerender-languages.ts writes them under these names.
 */
export function languageVariantFile(file: string, language: Language): string {
  return language === defaultLanguage ? file : file.replace(/\.html$/, `.${language}.html`);
}

type StaticFile = {
  body: Uint8Array;
  brotli?: Uint8Array;
  gzip?: Uint8Array;
  contentType: string;
  etag: string;
  /** Only for HTML: the Content-Security-Policy allowing exactly this page's inline scripts. */
  contentSecurityPolicy?: string;
  /** Only for HTML built from changing data: that data's fingerprint (ADR 065). */
  contentFingerprint?: string;
};

/** Whether the data a prerendered page was built with (named by its fingerprint) is still current. */
export type Freshness = (page: { pathname: string; fingerprint: string }) => boolean | Promise<boolean>;

/** The live data of a fingerprinted page: its fingerprint and the load context that renders it. */
export type LiveContent = (page: { pathname: string }) => Promise<{ fingerprint: string; loadContext: object }>;

/** Whether the request carries a session cookie (valid or not: the browser's session check decides). */
export type HasSession = (c: Context) => boolean;

const contentFingerprintPattern = /\bdata-content-fingerprint="([\w-]+)"/;

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const inlineScriptPattern = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The card provider's origins a page may use (ADR 192): with Stripe, Stripe.js and its card field's
 * frames come from Stripe, as Stripe's CSP guidance lists them; the simulated processor needs none.
 */
export type CardProviderSources = "simulated" | "stripe";
const stripeSources = {
  script: " https://js.stripe.com",
  frame: "https://js.stripe.com https://hooks.stripe.com",
  connect: " https://api.stripe.com",
};

/** Strict CSP (OWASP ASVS V14.4.3): scripts only from our origin plus this page's own inline scripts by hash. */
export function contentSecurityPolicyFor(html: string, provider: CardProviderSources = "simulated"): string {
  const stripe = provider === "stripe";
  const hashes = [...html.matchAll(inlineScriptPattern)]
    .map((match) => match[1] ?? "")
    .filter((script) => script.length > 0)
    .map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? stripeSources.script : ""} ${hashes.join(" ")}`.trim(),
    // React renders style attributes and the toast library injects a <style> element.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? stripeSources.connect : ""}`,
    ...(stripe ? [`frame-src ${stripeSources.frame}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export type StaticSite = {
  available: boolean;
  /**
   * Without `freshness`, a page with a content fingerprint is never served: its data is unknown.
   * Without `hasSession`, a page for visitors without a session is never served either.
   */
  handle: (c: Context, freshness?: Freshness, hasSession?: HasSession, liveContent?: LiveContent) => Promise<Response>;
};

function htmlFile(html: string, provider: CardProviderSources): StaticFile {
  const body = Buffer.from(html, "utf8");
  return {
    body,
    brotli: brotliCompressSync(body),
    gzip: gzipSync(body),
    contentType: contentTypes[".html"]!,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    contentSecurityPolicy: contentSecurityPolicyFor(html, provider),
    contentFingerprint: contentFingerprintPattern.exec(html)?.[1],
  };
}

export function loadStaticSite(
  clientDirectory: string,
  renderer: PageRenderer | undefined = loadPageRenderer(clientDirectory),
  provider: CardProviderSources = "simulated",
): StaticSite {
  const files = new Map<string, StaticFile>();
  if (existsSync(clientDirectory)) {
    for (const full of walk(clientDirectory)) {
      if (full.endsWith(".br") || full.endsWith(".gz")) continue;
      // React Router's prerendered loader data (`<page>.data`) is already inside the page's HTML,
      // and the browser never asks for it (the route's clientLoader, ADR 065); served, it could
      // show a catalogue older than the live one.
      if (full.endsWith(".data")) continue;
      const relative = `/${path.relative(clientDirectory, full).split(path.sep).join("/")}`;
      const body = readFileSync(full);
      const extension = path.extname(full);
      const file: StaticFile = {
        body,
        contentType: contentTypes[extension] ?? "application/octet-stream",
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      };
      if (existsSync(`${full}.br`)) file.brotli = readFileSync(`${full}.br`);
      if (existsSync(`${full}.gz`)) file.gzip = readFileSync(`${full}.gz`);
      if (extension === ".html") {
        const html = body.toString("utf8");
        file.contentSecurityPolicy = contentSecurityPolicyFor(html, provider);
        file.contentFingerprint = contentFingerprintPattern.exec(html)?.[1];
      }
      files.set(relative, file);
    }
  }

  // ADR 256: the file in the language, else the English one (a build made before the languages' files).
  const htmlIn = (file: string, language: Language) => files.get(languageVariantFile(file, language)) ?? files.get(file);
  const pageFile = (pagePath: string, language: Language) => htmlIn(pagePath === "/" ? "/index.html" : `${pagePath}/index.html`, language);
  const prerendered = new Set<string>(prerenderedPaths.filter((page) => page !== notFoundPath));

  // ADR 292: the shell with the matched routes' modules named, per language and set of modules.
  const shellText = (language: Language) => {
    const shell = htmlIn(`/${spaShellFile}`, language);
    return shell && new TextDecoder().decode(shell.body);
  };
  const manifest = [...files.keys()].find((file) => /^\/assets\/manifest-[\w-]+\.js$/.test(file));
  const modulesOf = routePreloads(
    manifest && new TextDecoder().decode(files.get(manifest)?.body),
    namedModulePreloads(shellText(defaultLanguage) ?? ""),
  );
  const shells = new Map<string, StaticFile>();
  function shellFor(page: string, language: Language): StaticFile | undefined {
    const modules = modulesOf(page);
    const plain = htmlIn(`/${spaShellFile}`, language);
    if (!plain || modules.length === 0) return plain;
    const key = `${language} ${modules.join(" ")}`;
    let shell = shells.get(key);
    if (!shell) {
      shell = htmlFile(withModulePreloads(shellText(language) ?? "", modules), provider);
      shells.set(key, shell);
    }
    return shell;
  }

  // ADR 172: the page rendered again for the live data, one per path and language, replaced when the data changes.
  const rendered = new Map<string, { fingerprint: string; file: Promise<StaticFile | undefined> }>();
  const readStylesheet = (href: string) => new TextDecoder().decode(files.get(href)?.body);

  async function renderedAgain(page: string, language: Language, liveContent: LiveContent | undefined): Promise<StaticFile | undefined> {
    if (!renderer || !liveContent) return undefined;
    const live = await liveContent({ pathname: page }).catch(() => undefined);
    if (!live) return undefined;
    const key = `${language}:${page}`;
    const kept = rendered.get(key);
    if (kept?.fingerprint === live.fingerprint) return kept.file;
    const file = renderer.render(page, live.loadContext, { language }).then(
      (html) => {
        const built = html === null ? undefined : htmlFile(firstPaintHtml(html, readStylesheet), provider);
        // Served only if it names the data it was asked for: never a page of other data.
        return built?.contentFingerprint === live.fingerprint ? built : undefined;
      },
      () => undefined,
    );
    rendered.set(key, { fingerprint: live.fingerprint, file });
    const result = await file;
    // A failed render is tried again by the next request rather than remembered.
    if (!result && rendered.get(key)?.file === file) rendered.delete(key);
    return result;
  }

  function respond(c: Context, file: StaticFile, status: 200 | 404, cacheControl: string): Response {
    // ADR 256: an HTML answer depends on the language cookie and Accept-Language as well (RFC 9110 §12.5.5).
    const vary = file.contentType === contentTypes[".html"] ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding";
    const headers = new Headers({ "Content-Type": file.contentType, "Cache-Control": cacheControl, Vary: vary });
    // An immutable asset is never revalidated (RFC 8246), so it needs no validator.
    const immutable = cacheControl.includes("immutable");
    if (!immutable) headers.set("ETag", file.etag);
    if (file.contentSecurityPolicy) headers.set("Content-Security-Policy", file.contentSecurityPolicy);
    if (!immutable && status === 200 && c.req.header("if-none-match") === file.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accepted = c.req.header("accept-encoding") ?? "";
    let body = file.body;
    if (file.brotli && /\bbr\b/.test(accepted)) {
      body = file.brotli;
      headers.set("Content-Encoding", "br");
    } else if (file.gzip && /\bgzip\b/.test(accepted)) {
      body = file.gzip;
      headers.set("Content-Encoding", "gzip");
    }
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status, headers });
  }

  return {
    available: files.size > 0,
    async handle(c, freshness, hasSession, liveContent) {
      const pathname = new URL(c.req.url).pathname;
      const page = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
      // Hashed build assets never change: cache them for a year (RFC 9111 §5.2.2, immutable: RFC 8246).
      const asset = files.get(pathname);
      if (asset && !pathname.endsWith(".html")) {
        const immutable = pathname.startsWith("/assets/");
        return respond(c, asset, 200, immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      }
      const language = requestLanguage(c.req.header("cookie"), c.req.header("accept-language"));
      const forThisVisitor = !withoutSessionPaths.includes(page) || hasSession?.(c) === false;
      const prerenderedPage = prerendered.has(page) && forThisVisitor ? pageFile(page, language) : undefined;
      if (prerenderedPage) {
        const fingerprint = prerenderedPage.contentFingerprint;
        const current = fingerprint === undefined || ((await freshness?.({ pathname: page, fingerprint })) ?? false);
        if (current) return respond(c, prerenderedPage, 200, "no-cache");
        const again = await renderedAgain(page, language, liveContent);
        if (again) return respond(c, again, 200, "no-cache");
      }
      const html = shellRenders(page) ? shellFor(page, language) : undefined;
      if (html) return respond(c, html, 200, "no-cache");
      const notFoundPage = pageFile(notFoundPath, language);
      if (notFoundPage) return respond(c, notFoundPage, 404, "no-cache");
      return c.text("404 - This page could not be found", 404);
    },
  };
}
