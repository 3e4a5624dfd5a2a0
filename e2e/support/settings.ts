import path from "node:path";

// Where the e2e server, its data and the captured mail live. E2E_PORT lets two runs coexist.
const port = Number(process.env.E2E_PORT ?? 4173);

export const e2eSettings = {
  port,
  smtpPort: port + 1000,
  // localhost, not 127.0.0.1: WebAuthn accepts a domain as the relying party id, never an IP
  // address (W3C Web Authentication §5.1.4), and passkeys.spec.ts signs in with one.
  baseUrl: `http://localhost:${port}`,
  dataDirectory: path.resolve(`test-results/e2e-data-${port}`),
  mailDirectory: path.resolve(`test-results/e2e-data-${port}/captured-mail`),
  chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  /** SOCIAL_LINKS the journeys' build is made with, so the footer's social links can be checked (docs/product.md §2). */
  socialLinks: "instagram=https://www.instagram.com/nordicshield, linkedin=https://www.linkedin.com/company/nordic-shield",
};

/**
 * Debian's Chromium as root on a machine with no network but loopback: no sandbox (root), no GPU,
 * and none of the background connections that a closed network refuses many at a time.
 */
export const chromiumArguments = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
