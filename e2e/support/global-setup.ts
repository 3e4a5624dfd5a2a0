import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { e2eSettings } from "./settings.ts";
import { startSmtpCapture } from "./smtp-capture.ts";

// Starts the SMTP capture and the production server (`npm run serve` after `npm run build`,
// which scripts/e2e.ts runs first) on a fresh data directory; returns the teardown.
export default async function globalSetup() {
  // A server left behind by an interrupted run would answer /api/ready below with another build and
  // other settings, and every journey would test it instead: refuse to start beside it.
  const leftBehind = await fetch(`${e2eSettings.baseUrl}/api/ready`).then(
    () => true,
    () => false,
  );
  if (leftBehind) throw new Error(`Something already answers on ${e2eSettings.baseUrl}: stop it, or set E2E_PORT to another port.`);
  rmSync(e2eSettings.dataDirectory, { recursive: true, force: true });
  const smtp = await startSmtpCapture(e2eSettings.smtpPort, e2eSettings.mailDirectory);
  const server = spawn(process.execPath, ["src/server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(e2eSettings.port),
      HOST: "127.0.0.1",
      APP_URL: e2eSettings.baseUrl,
      DATA_DIR: e2eSettings.dataDirectory,
      SMTP_URL: `smtp://127.0.0.1:${e2eSettings.smtpPort}`,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // ADR 254: signed-in accounts through POST /api/test-support/…, and an idle job worker that looks
      // for due jobs every 100 ms, so a journey waits on its mail or capture, not on the poll.
      JOURNEY_TEST_SUPPORT: "1",
      JOB_POLL_INTERVAL_MS: "100",
      // Each journey speaks from its own address through X-Forwarded-For (support/test.ts).
      TRUSTED_PROXIES: "127.0.0.1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${e2eSettings.baseUrl}/api/ready`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null) throw new Error(`The app server exited with code ${server.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    server.kill("SIGTERM");
    await smtp.close();
  };
}
