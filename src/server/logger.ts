import pino from "pino";
import type { Environment } from "./env.ts";

/** JSON lines in production, readable lines in development (ADR 120, logs). */
export function createLogger(env: Environment) {
  return pino({
    level: env.logLevel,
    redact: {
      paths: ["req.headers.cookie", "password", "*.password", "code", "*.code", "cardNumber", "*.cardNumber", "cvv", "*.cvv"],
      censor: "[redacted]",
    },
    ...(env.nodeEnv === "development" && { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }),
  });
}
