import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// ADR 001 addendum (first paint on a phone): a prerendered page paints from its HTML alone.
// 1. The stylesheet is inlined, so painting waits for no second request. The <link> stays, with a
//    media query that never matches, because React hydrates <head> against it; the browser then
//    fetches it at idle priority for later navigations.
// 2. The app's scripts are fetched after the first frame instead of racing the HTML for the
//    phone's bandwidth: the modulepreload links leave <head>, and the router's module script waits
//    for a painted frame (or 200 ms, for a tab that does not paint), announces the same preloads,
//    then imports the same modules. Hydration then starts one frame later.

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;
const modulePreloadLink = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const staticImport = /^import (?:\* as (\w+) from )?"(\/assets\/[\w.-]+\.js)";\n/gm;

function htmlFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : htmlFiles(full);
    return name.endsWith(".html") ? [full] : [];
  });
}

function deferScripts(html: string): string {
  const preloads = [...html.matchAll(modulePreloadLink)].map((match) => match[1]);
  const script = moduleScript.exec(html);
  if (!script?.[1] || preloads.length === 0) return html;
  const imports = [...script[1].matchAll(staticImport)].map((match) => ({ name: match[1] ?? "", href: match[2] }));
  if (imports.length === 0) return html;
  const rest = script[1].replace(staticImport, "");
  const deferred = [
    "await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 200); });",
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    `const [${imports.map((entry) => entry.name).join(", ")}] = await Promise.all([${imports.map((entry) => `import(${JSON.stringify(entry.href)})`).join(", ")}]);`,
    rest,
  ].join("\n");
  return html.replace(modulePreloadLink, "").replace(script[0], `<script type="module" async="">${deferred}</script>`);
}

function inlineStylesheets(html: string): string {
  return html.replace(stylesheetLink, (_link, href: string) => {
    const css = readFileSync(path.join(root, href), "utf8").replaceAll("</style", "<\\/style");
    return `<style>${css}</style><link rel="stylesheet" href="${href}" media="not all"/>`;
  });
}

let pages = 0;
for (const file of htmlFiles(root)) {
  const html = readFileSync(file, "utf8");
  // The SPA shell paints nothing worth showing before its scripts run: they must not wait.
  const inlined = inlineStylesheets(html);
  const optimised = path.basename(file) === "__spa-fallback.html" ? inlined : deferScripts(inlined);
  if (optimised === html) continue;
  writeFileSync(file, optimised);
  pages += 1;
}
console.log(`first paint: inlined styles and deferred scripts in ${pages} pages of ${path.relative(process.cwd(), root)}`);
