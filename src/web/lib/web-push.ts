// ADR 266: this device's web push subscription, through the browser's Push API. The service
// worker (public/notifications-worker.js) shows what arrives. The server's VAPID public key comes
// from /api/notifications/push-key; the subscription goes to the server through the profile's api.ts.

const workerUrl = "/notifications-worker.js";

export type DeviceSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; device?: string };

/** Whether this browser can receive web push at all (a secure context with service workers and the Push API). */
export function webPushSupported(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** This device's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!webPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(workerUrl);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the person's permission and subscribes this device; null when they refuse. */
export async function subscribeThisDevice(publicKey: string): Promise<DeviceSubscription | null> {
  if (!webPushSupported()) return null;
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return null;
  const registration = await navigator.serviceWorker.register(workerUrl);
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    device: navigator.userAgent.slice(0, 120),
  };
}

/** Ends this device's subscription; resolves with its endpoint so the server can forget it. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
