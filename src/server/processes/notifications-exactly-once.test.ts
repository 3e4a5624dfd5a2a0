import { afterAll, describe, expect, it } from "vitest";
import { notificationKinds } from "../../shared/notifications.ts";
import { notify } from "../notifications/service.ts";
import { startNotificationCluster, type NotificationCluster } from "../test-support/notification-cluster.ts";
import { testPostgresUrl } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";

// ADR 265: three production server processes on one PostgreSQL schema run the deliveries of every
// kind on every channel, and each arrives exactly once: one mail at the SMTP server, one decrypted
// push at the push service, one SMS at the provider, per notification, whichever process ran it.

describe.skipIf(!testPostgresUrl)("notifications across three processes [postgres]", () => {
  let cluster: NotificationCluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  it("delivers every kind on every channel exactly once", async () => {
    cluster = await startNotificationCluster({ postgresUrl: testPostgresUrl ?? "", processes: 3 });
    const { database, push, sms, smtp, context } = cluster;
    const recipients = await cluster.addRecipients(12);
    for (const recipient of recipients)
      for (const kind of notificationKinds)
        await notify(
          database.db,
          { kind, userId: recipient.userId, data: { reference: `${kind}`, startAt: "2027-12-04T08:00:00.000Z", count: 1 } },
          context,
        );
    const expected = recipients.length * notificationKinds.length;

    await waitFor(
      async () => {
        const open = await database.db
          .selectFrom("notification_deliveries")
          .select("id")
          .where((where) => where.or([where("status", "=", "queued"), where("status", "=", "handed_off").and("channel", "=", "email")]))
          .limit(1)
          .execute();
        return open.length === 0 ? true : undefined;
      },
      { what: "every delivery to be handed off", timeoutMs: 150_000, intervalMs: 250 },
    );
    for (const recipient of recipients) {
      const titles = (push.messages(recipient.clientHash) as { kind: string }[]).map((message) => message.kind).sort();
      expect(titles).toEqual([...notificationKinds].sort());
      expect(sms.received.filter((message) => message.to === recipient.phone)).toHaveLength(notificationKinds.length);
    }
    expect(smtp.mails).toHaveLength(expected);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(expected);
    const statuses = await database.db.selectFrom("notification_deliveries").select(["channel", "status"]).execute();
    const counts = new Map<string, number>();
    for (const row of statuses) counts.set(`${row.channel} ${row.status}`, (counts.get(`${row.channel} ${row.status}`) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ "email accepted": expected, "push accepted": expected, "sms handed_off": expected });
    // Each delivery's job was claimed once.
    const again = await database.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "notification-delivery")
      .where("attempts", "!=", 1)
      .execute();
    expect(again).toEqual([]);
  }, 240_000);
});
