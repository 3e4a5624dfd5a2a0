import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { firstPaintHtml } from "../src/server/first-paint-html.ts";

// ADR 001 addendum: the build's prerendered pages in their first-paint form (src/server/first-paint-html.ts).

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");

function htmlFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : htmlFiles(full);
    return name.endsWith(".html") ? [full] : [];
  });
}

let pages = 0;
for (const file of htmlFiles(root)) {
  const html = readFileSync(file, "utf8");
  const shell = path.basename(file) === "__spa-fallback.html";
  const optimised = firstPaintHtml(html, (href) => readFileSync(path.join(root, href), "utf8"), shell);
  if (optimised === html) continue;
  writeFileSync(file, optimised);
  pages += 1;
}
console.log(`first paint: inlined styles and deferred scripts in ${pages} pages of ${path.relative(process.cwd(), root)}`);
