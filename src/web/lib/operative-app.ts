import { useEffect, useSyncExternalStore } from "react";
import { operativeOutbox } from "./operative-outbox.ts";

// ADR 294: the operative area is an installable web app. Its service worker (public/operative-sw.js)
// is registered from the area only, with the area as its scope, so no other page of the site is
// ever answered from a device's cache.

const workerUrl = "/operative-sw.js";
const scope = "/operative";

/** The hashed files this page loaded before the worker controlled it: the worker keeps them too. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => new URL(name, location.origin).pathname.startsWith("/assets/"));
}

/** Registers the worker and starts the outbox; the area's layout calls it once. */
export function useOperativeApp() {
  useEffect(() => {
    operativeOutbox();
    if (!("serviceWorker" in navigator)) return;
    void navigator.serviceWorker
      .register(workerUrl, { scope })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: "keep-assets", urls: loadedAssets() }))
      .catch(() => undefined);
  }, []);
}

const subscribeToConnection = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

/** Whether the browser says it has a connection, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}
