// ADR 294: the operative app's service worker keeps the operative's reads for offline use; they
// leave the device with the session (GDPR art. 5(1)(e)). Apart from the app's own module, so that
// signing out anywhere does not load the outbox.

/** Deletes the cached reads of the operative app, if this browser has any. */
export async function forgetOfflineCopies() {
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.endsWith("-reads")).map((name) => caches.delete(name)));
}
