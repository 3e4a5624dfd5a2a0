import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { Context } from "hono";
import type { BookingStatus } from "../../../shared/booking.ts";
import { bookingStatuses } from "../../../shared/booking-lifecycle.ts";
import { sameDigest } from "../../auth/verification-codes.ts";
import type { AppEnv } from "../../app-env.ts";
import { HttpError, unauthorized } from "../../http-error.ts";
import { mailPriority, mailTemplates } from "../../mail/registry.ts";
import { countBookingsByStatus, countWaitingMail } from "./repo.ts";
import { escapeLabel } from "./registry.ts";

// GET /api/metrics (ADR 080): Prometheus text exposition format 0.0.4 for one app process. Behind
// a bearer token from METRICS_TOKEN (RFC 6750 §2.1); without one configured the endpoint does not
// exist. Request series are this process's own; the database gauges are shared by all processes.

const contentType = "text/plain; version=0.0.4; charset=utf-8";

const databaseUpHelp = "1 when the database answered this scrape's queries, 0 when it did not.";
const laneOf = (priority: number) => (priority === mailPriority.urgent ? "urgent" : "general");

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** The token compared as digests of equal length in constant time, so timing says nothing about it. */
function presentsToken(c: Context<AppEnv>, expected: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(c.req.header("Authorization") ?? "");
  return match !== null && sameDigest(sha256(match[1]!), sha256(expected));
}

function gauge(name: string, help: string, samples: [labels: string, value: number][]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
  for (const [labels, value] of samples) lines.push(`${name}${labels ? `{${labels}}` : ""} ${value}`);
  return lines.join("\n");
}

async function databaseGauges(c: Context<AppEnv>): Promise<string[]> {
  const { db } = c.var.deps.database;
  try {
    const [waiting, bookings] = await Promise.all([countWaitingMail(db), countBookingsByStatus(db)]);
    const now = Date.now();
    // Every kind of the registry is a series, 0 when none waits, so an alert on the sum never goes blank.
    const waitingByKind = new Map<string, number>(
      Object.entries(mailTemplates).map(([kind, template]) => [`lane="${laneOf(template.priority)}",kind="${kind}"`, 0]),
    );
    for (const row of waiting) {
      const key = `lane="${laneOf(row.priority)}",kind="${escapeLabel(row.kind)}"`;
      waitingByKind.set(key, (waitingByKind.get(key) ?? 0) + Number(row.count));
    }
    const waitingSince = waiting.flatMap((row) => (row.oldest ? [Date.parse(row.oldest)] : []));
    const oldestAgeSeconds = waitingSince.length > 0 ? Math.max(0, (now - Math.min(...waitingSince)) / 1000) : 0;
    // Every status is a series from the first scrape on, 0 until a booking has it.
    const zeroByStatus = Object.fromEntries(bookingStatuses.map((status) => [status, 0])) as Record<BookingStatus, number>;
    const byStatus = new Map<string, number>(Object.entries(zeroByStatus));
    for (const row of bookings) byStatus.set(row.status, Number(row.count));
    return [
      gauge("database_up", databaseUpHelp, [["", 1]]),
      gauge("outbox_pending", "Mails waiting in the outbox or being sent, by lane (ADR 036) and template kind.", [...waitingByKind]),
      gauge("outbox_oldest_pending_age_seconds", "Age of the oldest mail still waiting in the outbox; 0 when none waits.", [
        ["", oldestAgeSeconds],
      ]),
      gauge(
        "bookings",
        "Bookings in the database by status.",
        [...byStatus].map(([status, count]) => [`status="${escapeLabel(status)}"`, count]),
      ),
    ];
  } catch (error) {
    // ADR 011: an outage is exactly when the request series matter; they are still answered.
    c.var.logger.warn({ err: error }, "metrics: the database did not answer");
    return [gauge("database_up", databaseUpHelp, [["", 0]])];
  }
}

function processGauges(): string[] {
  const memory = process.memoryUsage();
  return [
    gauge("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds.", [
      ["", Math.round((Date.now() - process.uptime() * 1000) / 1000)],
    ]),
    gauge("process_resident_memory_bytes", "Resident memory size in bytes.", [["", memory.rss]]),
    gauge("nodejs_heap_used_bytes", "V8 heap in use in bytes.", [["", memory.heapUsed]]),
  ];
}

export const metricsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const token = c.var.deps.env.metricsToken;
  if (!token) throw new HttpError(404, "not_found", "There is no such API endpoint.");
  if (!presentsToken(c, token)) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    throw unauthorized("A valid metrics token is required.");
  }
  const body = [c.var.services.metrics.writeHttpMetrics(), ...(await databaseGauges(c)), ...processGauges()].join("\n");
  return c.body(`${body}\n`, 200, { "Content-Type": contentType });
});
