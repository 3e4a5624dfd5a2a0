/* global self, URL */
// ADR 266: the service worker of web push. A push event carries the notification's JSON
// ({ title, body, url, tag, kind }, encrypted by the server per RFC 8291 and decrypted by the
// browser); it is shown at once, as the Push API requires of a userVisibleOnly subscription.
// The tag is the RFC 8030 topic, so a newer status replaces an older one on the screen too.
// A click focuses an open tab of the site on the notification's page, or opens one.

self.addEventListener("push", (event) => {
  let message = { title: "", body: "", url: "/", tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    message.title = event.data ? event.data.text() : "";
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: "/favicon.svg",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin);
  // Only our own pages are opened from a notification.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const window of windows) {
        if (new URL(window.url).origin === self.location.origin && "focus" in window) {
          window.navigate(target);
          return window.focus();
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
