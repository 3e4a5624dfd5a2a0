import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadPageRenderer } from "../src/server/page-renderer.ts";
import { languageVariantFile, spaShellFile } from "../src/server/static-site.ts";
import { defaultLanguage, languages } from "../src/shared/languages.ts";
import { notFoundPath, prerenderedPaths } from "../src/shared/site-map.ts";

// ADR 256: React Router prerenders every page in English; this renders each of them (and the SPA
// shell) once more in every other language with the build's own page renderer (ADR 172: the same
// route modules and client manifest), next to the English file as `index.<language>.html`. The
// server picks the file by the visitor's language (src/server/static-site.ts). Runs before
// scripts/first-paint.ts, so every language's page gets the same first-paint form.

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const renderer = loadPageRenderer(root);
if (!renderer) throw new Error(`No page renderer next to ${root}: the build keeps one (vite.config.ts, ADR 172).`);

const pages = [
  ...prerenderedPaths.map((page) => ({
    page,
    file: page === "/" ? "index.html" : `${page.slice(1)}/index.html`,
    expectedStatus: page === notFoundPath ? 404 : 200,
  })),
  // The shell: React Router renders it for any path it does not prerender (SPA mode).
  { page: `/${spaShellFile}`, file: spaShellFile, expectedStatus: 404 },
];

let written = 0;
for (const language of languages.filter((candidate) => candidate !== defaultLanguage)) {
  for (const { page, file, expectedStatus } of pages) {
    if (!existsSync(path.join(root, file))) throw new Error(`The build has no ${file} to render in ${language}.`);
    const html =
      (await renderer.render(page, {}, { language, expectedStatus })) ??
      (await renderer.render(page, {}, { language, expectedStatus: 200 }));
    if (html === null) throw new Error(`${page} did not render in ${language}.`);
    if (!html.includes(`<html lang="${language}"`)) throw new Error(`${page} rendered in ${language} has no <html lang="${language}">.`);
    writeFileSync(path.join(root, languageVariantFile(file, language)), html);
    written += 1;
  }
}
console.log(`languages: ${written} pages rendered in ${languages.filter((language) => language !== defaultLanguage).join(", ")}`);
