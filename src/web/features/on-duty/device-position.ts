import type { DevicePosition } from "../../../shared/on-duty.ts";

// ADR 021: the position comes from the device only (navigator.geolocation), never from an address
// lookup. An alarm never waits long for it: refused, unavailable or slower than `timeoutMs`, it
// leaves without one.

export function readDevicePosition(timeoutMs = 4000): Promise<DevicePosition | null> {
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Math.min(100_000, Math.round(position.coords.accuracy)),
        });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
