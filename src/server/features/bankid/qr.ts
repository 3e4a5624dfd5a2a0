import { createHmac } from "node:crypto";

// ADR 272: BankID's animated QR code (Relying Party API v6, "QR code"): each second the server
// computes `bankid.<qrStartToken>.<seconds since the order>.<HMAC-SHA256(qrStartSecret, seconds) hex>`.
// qrStartSecret never leaves the server; the browser receives only this text, new every second.

export function bankIdQrContent(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const authCode = createHmac("sha256", qrStartSecret).update(String(whole)).digest("hex");
  return `bankid.${qrStartToken}.${whole}.${authCode}`;
}

/**
 * The same-device start link (BankID "Autostart"): the app opens, and returns to `redirect`
 * when done. `redirect` "null" makes the app return to where it was started from.
 */
export function bankIdAutostartLink(autoStartToken: string, redirect: string | null): string {
  return `bankid:///?autostarttoken=${encodeURIComponent(autoStartToken)}&redirect=${encodeURIComponent(redirect ?? "null")}`;
}
