/* global self, caches, fetch, URL */
// The operative app's service worker (ADR 294; docs/on-duty.md "The operative app offline").
// Served from the site's root so that its scope covers /operative; registered only there.
// - Pages of /operative: the network first; offline, the app shell kept at install or last load.
// - Hashed build assets (/assets/…): never change (ADR 257's budgets name them), so the cache first.
// - The operative's API reads (GET /api/operative/…): the network first, the last answer offline.
// Writes are never cached or replayed here: the page's outbox sends them (ADR 293).

const version = "operative-v1";
const shellCache = `${version}-shell`;
const assetCache = `${version}-assets`;
const readCache = `${version}-reads`;
const shellUrl = "/operative";
const appFiles = [shellUrl, "/operative.webmanifest", "/operative-icon-192.png", "/operative-icon-512.png", "/favicon.svg"];

// The build lists the hashed files the area can load (vite.config.ts, listOperativeAssets): all kept at install.
async function keepAssets() {
  const listed = await fetch("/operative-assets.json", { cache: "no-cache" });
  if (!listed.ok) return;
  const urls = await listed.json();
  const cache = await caches.open(assetCache);
  const missing = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.addAll(appFiles))
      .then(keepAssets)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !name.startsWith(version)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The page names the hashed files it loaded before this worker controlled it, so they are kept too.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "keep-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === "string" && new URL(url, self.location.origin).pathname.startsWith("/assets/"));
  event.waitUntil(
    caches
      .open(assetCache)
      .then((cache) => cache.addAll(urls))
      .catch(() => undefined),
  );
});

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(fallbackUrl ?? request);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(assetCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && (url.pathname === shellUrl || url.pathname.startsWith(`${shellUrl}/`))) {
    // Every page of the area is the same client-rendered shell (ADR 026): one copy serves them all.
    event.respondWith(networkFirst(request, shellCache, shellUrl));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith("/api/operative/") || url.pathname === "/api/account/session" || appFiles.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname.startsWith("/api/") ? readCache : shellCache));
  }
});
