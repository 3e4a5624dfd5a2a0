import pino, { type DestinationStream } from "pino";
import type { Environment } from "./env.ts";

/**
 * Keys whose values never reach the log. Secrets, and (ADR 111) personal data: a mail's subject
 * names the booking's place, its recipient is an e-mail address; the log is kept and read more
 * widely than the bookings themselves (GDPR art. 5(1)(c), data minimisation).
 */
const redactedPaths = [
  "req.headers.cookie",
  "password",
  "*.password",
  "code",
  "*.code",
  "cardNumber",
  "*.cardNumber",
  "cvv",
  "*.cvv",
  "subject",
  "*.subject",
  "to",
  "*.to",
  "recipient",
  "*.recipient",
  "location",
  "*.location",
];

/** JSON lines in production, readable lines in development (ADR 120, logs); `destination` captures the lines. */
export function createLogger(env: Pick<Environment, "logLevel" | "nodeEnv">, destination?: DestinationStream) {
  const options: pino.LoggerOptions = {
    level: env.logLevel,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    ...(env.nodeEnv === "development" &&
      !destination && { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }),
  };
  return destination ? pino(options, destination) : pino(options);
}
