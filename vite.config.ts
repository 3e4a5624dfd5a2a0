import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { developmentApiPort, loadSiteConfig } from "./src/server/env.ts";

// ADR 022: every `import … from "sonner"` in the web app resolves to a shim that loads the toast
// library on the first toast, keeping it out of the public pages' initial JavaScript.
const deferredSonner = fileURLToPath(new URL("./src/web/lib/deferred-sonner.tsx", import.meta.url));
function deferSonner(): Plugin {
  return {
    name: "defer-sonner",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "sonner" || !importer || importer.split("?")[0] === deferredSonner) return null;
      return deferredSonner;
    },
  };
}

/**
 * ADR 294: the hashed files the operative app may need offline, listed at build time in
 * `operative-assets.json` for its service worker to keep: the entry and the routes the area uses
 * (root, the site and account layouts, the area's pages), with everything they import, statically
 * or lazily (the toast library, the Swedish words, dialogs), and their CSS.
 */
const operativeRoutes =
  /src[\\/]web[\\/](root\.tsx|entry\.client\.tsx|routes[\\/](site-layout|account-layout|operative[^\\/]*|not-found)\.tsx)$/;
function listOperativeAssets(): Plugin {
  return {
    name: "list-operative-assets",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])));
      const kept = new Set<string>();
      const visit = (fileName: string) => {
        if (kept.has(fileName)) return;
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        kept.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks.values()) {
        if (chunk.isEntry || (chunk.facadeModuleId && operativeRoutes.test(chunk.facadeModuleId))) visit(chunk.fileName);
      }
      const assets = [...kept].filter((fileName) => fileName.startsWith("assets/")).map((fileName) => `/${fileName}`);
      this.emitFile({ type: "asset", fileName: "operative-assets.json", source: JSON.stringify(assets.sort()) });
    },
  };
}

/**
 * ADR 172: React Router removes its server build once the pages are prerendered (`ssr: false`);
 * a copy is kept in `<build>/page-renderer`, so the server can render the booking page again,
 * with the same modules and the same client manifest, when the live catalogue changes.
 */
function keepPageRenderer(): Plugin {
  let outputDirectory: string | undefined;
  return {
    name: "keep-page-renderer",
    apply: "build",
    configResolved(config) {
      outputDirectory = config.build.ssr ? path.resolve(config.root, config.build.outDir) : undefined;
    },
    writeBundle: {
      order: "pre",
      sequential: true,
      handler() {
        if (!outputDirectory) return;
        const copy = path.join(path.dirname(outputDirectory), "page-renderer");
        rmSync(copy, { recursive: true, force: true });
        cpSync(outputDirectory, copy, { recursive: true });
      },
    },
  };
}

const api = `http://127.0.0.1:${developmentApiPort()}`;

/** lucide icon files (dist/esm/icons) that the landing page and the public layout show (ADR 023). */
const publicIcons = [
  "arrow-up-right",
  "car",
  "check",
  "chevron-left",
  "chevron-right",
  "circle-exclamation-point",
  "dollar-sign",
  "house",
  "info",
  "loader-circle",
  "lock",
  "map-pin",
  "martini",
  "menu",
  "party-popper",
  "plus",
  "shield-check",
  "triangle-exclamation-point",
  "user-round",
  "x",
];

export default defineConfig({
  plugins: [deferSonner(), keepPageRenderer(), tailwindcss(), reactRouter(), listOperativeAssets()],
  define: { __SITE_CONFIG__: JSON.stringify(loadSiteConfig()) },
  server: { port: 5173, proxy: { "/api": api, "/dev": api } },
  build: {
    target: "es2022",
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        // ADR 023: every page needs React and React Router, and the shell modules of src/web/lib
        // (translations included, ADR 024) and the layout; two long-lived chunks instead of a
        // dozen small requests. lucide icons and the kit's spinner join the shell (ADR 028): as
        // shared chunks they were five sub-1 KB requests on the landing page.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: "app-shell",
              test: new RegExp(
                [
                  // src/web/lib except what only some screens load: the QueryClient (ADR 022), the
                  // booking continuation, which only the booking page and the auth dialog use (ADR 085),
                  // the inactivity timer, which only a signed-in session loads (ADR 118), and the Swedish shared
                  // strings, which only a Swedish page loads (ADR 024 addendum), and the operative app's
                  // outbox and worker registration, which only its area loads (ADR 294). ADR 298: the passkey
                  // client (Better Auth's client and @simplewebauthn/browser), the BankID calls, this device's
                  // push subscription, the live updates of the signed-in sections, the bank's check and the
                  // place search stay with the screens that use them: in the shell they were in every page.
                  // lucide's runtime, and the icons of the public site's layout, landing and notices;
                  // other icons stay with the screens that use them (the dashboard's never reach /).
                  String.raw`node_modules[\/]lucide-react[\/]dist[\/]esm[\/](?!icons[\/])`,
                  String.raw`node_modules[\/]lucide-react[\/]dist[\/]esm[\/]icons[\/](${publicIcons.join("|")})\.mjs`,
                  String.raw`src[\/]web[\/](lib[\/](?!query-client|api-error-texts|booking-continuation|inactivity|device-outbox|operative-outbox|operative-app|passkey-client|bankid-api|web-push|live-events|bank-check|places-api|locales[\/][\w-]+-sv)|components[\/]layout[\/]|components[\/]ui[\/](spinner|class-names|button|notice))`,
                  String.raw`src[\/]shared[\/](site-config|social-networks|site-sections|session-policy|calendar-days|booking-search|service-types)\.ts`,
                ].join("|"),
              ),
            },
            // ADR 085: the service cards' option lists, apart from src/shared/booking.ts: sharing its
            // chunk made /secure-booking evaluate the booking schemas, and so load zod, up front.
            { name: "booking-options", test: /src[/\\]shared[/\\]booking-options\.ts/ },
            // The prices the booking page and the service pages both show, in one chunk rather than four
            // (the footer no longer carries them into every page's shell).
            // ADR 246: the buyer's price rule (src/shared/buyer-vat.ts) is price arithmetic too.
            { name: "prices", test: /src[/\\]shared[/\\](pricing|catalogue|money|number-symbols|buyer-vat|buyer-vat-texts)\.ts/ },
            // ADR 204, 246: the Swedish VAT words load only with a Swedish page's chunks.
            { name: "buyer-vat-texts-sv", test: /src[/\\]shared[/\\]buyer-vat-texts-sv\.ts/ },
          ],
        },
      },
    },
  },
});
