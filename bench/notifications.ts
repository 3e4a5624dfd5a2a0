// Notification benchmark (ADR 265). Three production server processes on one PostgreSQL schema,
// with an SMTP server, a push service (web-push-testing) and an SMS provider speaking 46elks' API of
// the script's own, deliver BENCH_NOTIFICATIONS notifications (10,000 by default) to people who
// chose e-mail, push and SMS for every kind. It prints one JSON line: how many arrived on each
// channel, how many were lost or doubled (both must be 0), and the time from the event to the
// hand-off (a delivery's handed_off_at − its notification's created_at), p50 and p95 per channel.
// Run: npm run bench:notifications  (DATABASE_URL for PostgreSQL, else postgres://postgres@127.0.0.1:5432/test;
// BENCH_NOTIFICATIONS to change the size, BENCH_PROCESSES the number of processes)
import { loadavg } from "node:os";
import { notificationKinds } from "../src/shared/notifications.ts";
import { notify } from "../src/server/notifications/service.ts";
import { startNotificationCluster } from "../src/server/test-support/notification-cluster.ts";
import { waitFor } from "../src/server/test-support/wait-for.ts";

const count = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const processCount = Number(process.env.BENCH_PROCESSES ?? 3);
const postgresUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

const cluster = await startNotificationCluster({ postgresUrl, processes: processCount });
try {
  const recipients = await cluster.addRecipients(Math.min(200, count));
  const started = Date.now();
  for (let index = 0; index < count; index += 1) {
    const recipient = recipients[index % recipients.length];
    const kind = notificationKinds[index % notificationKinds.length];
    if (!recipient || !kind) continue;
    await notify(
      cluster.database.db,
      // The reference (and the phrase, for the one kind that names no reference) tells each notification apart.
      {
        kind,
        userId: recipient.userId,
        data: { reference: `N${index}`, phrase: `N${index}`, startAt: "2027-12-04T08:00:00.000Z", count: 1 },
      },
      cluster.context,
    );
  }
  const queuedMs = Date.now() - started;
  await waitFor(
    async () => {
      const open = await cluster.database.db
        .selectFrom("notification_deliveries")
        .select("id")
        .where((where) =>
          where.or([where("status", "=", "queued"), where.and([where("status", "=", "handed_off"), where("channel", "=", "email")])]),
        )
        .limit(1)
        .execute();
      return open.length === 0 ? true : undefined;
    },
    { what: "every delivery", timeoutMs: 3_600_000, intervalMs: 500 },
  );
  const totalMs = Date.now() - started;
  const rows = await cluster.database.db
    .selectFrom("notification_deliveries")
    .innerJoin("notifications", "notifications.id", "notification_deliveries.notification_id")
    .select(["notification_deliveries.channel", "notification_deliveries.handed_off_at", "notifications.created_at"])
    .execute();
  const latency: Record<string, number[]> = { email: [], push: [], sms: [] };
  for (const row of rows) if (row.handed_off_at) latency[row.channel]?.push(Date.parse(row.handed_off_at) - Date.parse(row.created_at));
  const references = (texts: string[]) => texts.map((text) => /N\d+/.exec(text)?.[0] ?? "");
  const arrived = {
    email: references(cluster.smtp.mails.map((mail) => mail.subject + mail.text)),
    push: references(
      recipients.flatMap((recipient) =>
        (cluster.push.messages(recipient.clientHash) as { body: string; title: string }[]).map((message) => message.title + message.body),
      ),
    ),
    sms: references(cluster.sms.received.map((message) => message.message)),
  };
  const channels = Object.fromEntries(
    Object.entries(arrived).map(([channel, list]) => {
      const distinct = new Set(list).size;
      const samples = latency[channel] ?? [];
      return [
        channel,
        {
          arrived: list.length,
          lost: count - distinct,
          doubled: list.length - distinct,
          p50Ms: percentile(samples, 0.5),
          p95Ms: percentile(samples, 0.95),
        },
      ];
    }),
  );
  console.log(
    JSON.stringify({
      benchmark: "notifications",
      notifications: count,
      processes: processCount,
      queuedMs,
      totalMs,
      channels,
      loadAverage: loadavg()[0],
    }),
  );
} finally {
  await cluster.stop();
}
