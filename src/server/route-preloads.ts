import { matchRoutes, type RouteObject } from "react-router";

// ADR 292: a screen the SPA shell renders (every signed-in screen) used to find its scripts one
// level at a time: the shell names the entry and the root, the client router then asks for the
// matched routes' modules, and only once each arrives does the browser see what it imports. On a
// phone network that chain took about 2 s before the first API request. React Router's build
// manifest already lists every module each route needs (its `imports`, transitive); the server
// matches the path against the same route tree and names them all in the shell as
// `<link rel="modulepreload">` (HTML Living Standard §4.6.7.13), so they load side by side.

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] };
type Manifest = { routes: Record<string, ManifestRoute> };

const manifestPattern = /^window\.__reactRouterManifest=([\s\S]*?);?\s*$/;

/** The route tree of React Router's manifest, as route objects `matchRoutes` understands. */
function routeTree(manifest: Manifest): RouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: build(route.id) },
    );
  return build(undefined);
}

/**
 * Reads the build's manifest (the text of `assets/manifest-*.js`) and answers, for a pathname, the
 * modules of the routes it matches that `alreadyNamed` (the shell's own preloads) does not hold.
 * Answers nothing for a build without a readable manifest.
 */
export function routePreloads(manifestSource: string | undefined, alreadyNamed: ReadonlySet<string>): (pathname: string) => string[] {
  const json = manifestSource === undefined ? undefined : manifestPattern.exec(manifestSource.trim())?.[1];
  if (!json) return () => [];
  const manifest = JSON.parse(json) as Manifest;
  const tree = routeTree(manifest);
  return (pathname) => {
    const matches = matchRoutes(tree, pathname) ?? [];
    const modules = matches.flatMap(({ route }) => {
      const entry = route.id === undefined ? undefined : manifest.routes[route.id];
      return entry ? [entry.module, ...(entry.imports ?? [])] : [];
    });
    return [...new Set(modules)].filter((module) => !alreadyNamed.has(module));
  };
}

const modulePreloadPattern = /<link rel="modulepreload" href="([^"]+)"\/?>/g;

/** The modules an HTML page already names as module preloads. */
export function namedModulePreloads(html: string): Set<string> {
  return new Set([...html.matchAll(modulePreloadPattern)].map((match) => match[1] ?? ""));
}

/** `html` with `modules` named as module preloads at the end of its head. */
export function withModulePreloads(html: string, modules: readonly string[]): string {
  if (modules.length === 0) return html;
  const links = modules.map((module) => `<link rel="modulepreload" href="${module}"/>`).join("");
  return html.replace("</head>", `${links}</head>`);
}
