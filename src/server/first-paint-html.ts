// ADR 001 addendum (first paint on a phone): a prerendered page paints from its HTML alone.
// 1. The stylesheet is inlined, so painting waits for no second request. The <link> stays, with a
//    media query that never matches, because React hydrates <head> against it; the browser then
//    fetches it at idle priority for later navigations.
// 2. The app's scripts are fetched after the first frame instead of racing the HTML for the
//    phone's bandwidth: the modulepreload links leave <head>, and the router's module script waits
//    for a painted frame (or 200 ms, for a tab that does not paint), announces the same preloads,
//    one per task (ADR 214), then imports the same modules, one chunk per task (ADR 170). Hydration then starts one frame later.
// Applied by scripts/first-paint.ts to the build's pages, and by the server to a page it renders
// again with live data (ADR 172), so both are the same HTML.

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;
const modulePreloadLink = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const staticImport = /^import (?:\* as (\w+) from )?"(\/assets\/[\w.-]+\.js)";\n/gm;

function deferScripts(html: string): string {
  const preloads = [...html.matchAll(modulePreloadLink)].map((match) => match[1]);
  const script = moduleScript.exec(html);
  if (!script?.[1] || preloads.length === 0) return html;
  const imports = [...script[1].matchAll(staticImport)].map((match) => ({ name: match[1] ?? "", href: match[2] }));
  if (imports.length === 0) return html;
  const rest = script[1].replace(staticImport, "");
  const deferred = [
    "await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 200); });",
    // ADR 214: each preload is requested in a task of its own; requesting a page's 15–35 preloads
    // took 10–75 ms of one task on the development machine, a long task on a phone.
    // scheduler.yield() (where the browser has it) resumes without the 4 ms clamp of nested timers.
    `const yieldToBrowser = () => globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));`,
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); await yieldToBrowser(); }`,
    // ADR 170: one chunk evaluated per task, in the order the build lists them (dependencies
    // first), with a yield between: one import of the whole graph was one long task on a phone.
    // The client entry stays last, where the router's script imports it.
    `for (const href of ${JSON.stringify(preloads.filter((href) => !href?.includes("/entry.client-")))}) { await import(href); await yieldToBrowser(); }`,
    `const [${imports.map((entry) => entry.name).join(", ")}] = await Promise.all([${imports.map((entry) => `import(${JSON.stringify(entry.href)})`).join(", ")}]);`,
    rest,
  ].join("\n");
  return html.replace(modulePreloadLink, "").replace(script[0], `<script type="module" async="">${deferred}</script>`);
}

function inlineStylesheets(html: string, readStylesheet: (href: string) => string): string {
  return html.replace(stylesheetLink, (_link, href: string) => {
    const css = readStylesheet(href).replaceAll("</style", "<\\/style");
    return `<style>${css}</style><link rel="stylesheet" href="${href}" media="not all"/>`;
  });
}

/**
 * The first-paint form of a page's HTML as React Router wrote it. `readStylesheet` reads a build
 * asset by its URL path; `shell` is the SPA shell, which paints nothing worth showing before its
 * scripts run, so its scripts must not wait.
 */
export function firstPaintHtml(html: string, readStylesheet: (href: string) => string, shell = false): string {
  const inlined = inlineStylesheets(html, readStylesheet);
  return shell ? inlined : deferScripts(inlined);
}
