import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { notificationKinds } from "../../shared/notifications.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import type { NotifyContext } from "../notifications/service.ts";
import { startMailCollector, type MailCollector } from "./http-customer.ts";
import { startTestPushService, type TestPushService } from "./push-service.ts";
import { createPostgresSchema, startServerProcess, type ServerProcess } from "./server-process.ts";
import { startTestSmsProvider, type TestSmsProvider } from "./sms-provider.ts";

// Several production server processes on one PostgreSQL schema, with a real SMTP server, a push
// service and a 46elks-speaking SMS provider of the caller's own, for the proof that every
// notification goes out exactly once per channel whichever process runs it (ADR 265), and for its
// benchmark (bench/notifications.ts).

export type Recipient = { userId: string; phone: string; clientHash: string };

export type NotificationCluster = {
  processes: ServerProcess[];
  database: DatabaseHandle;
  push: TestPushService;
  sms: TestSmsProvider;
  smtp: MailCollector;
  /** What notify() needs to decide the channels, as the processes are configured. */
  context: NotifyContext;
  /** People reachable on every channel, who chose every channel for every kind. */
  addRecipients: (count: number) => Promise<Recipient[]>;
  stop: () => Promise<void>;
};

export async function startNotificationCluster(options: { postgresUrl: string; processes: number }): Promise<NotificationCluster> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const push = await startTestPushService();
  cleanups.push(() => push.close());
  const elks = { username: "u0123456789abcdef", password: "cluster-password" };
  const sms = await startTestSmsProvider(elks);
  cleanups.push(() => sms.close());
  const smtp = await startMailCollector();
  cleanups.push(() => smtp.close());
  const schema = await createPostgresSchema(options.postgresUrl);
  cleanups.push(() => schema.drop());
  const pair = createECDH("prime256v1");
  pair.generateKeys();
  const scalar = pair.getPrivateKey();
  const vapid = {
    publicKey: pair.getPublicKey("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url"),
    subject: "mailto:ops@example.test",
  };
  const webhookSecret = randomBytes(18).toString("base64url");
  const authSecret = randomBytes(32).toString("hex");
  const processes: ServerProcess[] = [];
  for (let index = 0; index < options.processes; index += 1) {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), `notify-${index}-`));
    cleanups.push(() => rmSync(dataDirectory, { recursive: true, force: true }));
    // One at a time: the first migrates the schema, the others find it migrated.
    const running = await startServerProcess({
      env: {
        DATA_DIR: dataDirectory,
        AUTH_SECRET: authSecret,
        DATABASE_URL: schema.url,
        SMTP_URL: smtp.smtpUrl,
        MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        SMS_PROVIDER: "46elks",
        ELKS_API_URL: sms.apiUrl,
        ELKS_API_USERNAME: elks.username,
        ELKS_API_PASSWORD: elks.password,
        SMS_WEBHOOK_SECRET: webhookSecret,
        JOB_POLL_INTERVAL_MS: "100",
      },
    });
    processes.push(running);
    cleanups.push(() => running.stop());
  }
  const database = openDatabase({ databaseUrl: schema.url, dataDirectory: tmpdir() });
  cleanups.push(() => database.close());
  const context: NotifyContext = {
    env: {
      webPush: vapid,
      sms: { provider: "46elks", apiUrl: sms.apiUrl, ...elks, sender: "NordicShld", webhookSecret },
    },
  };

  let numbered = 0;
  async function addRecipients(count: number): Promise<Recipient[]> {
    const recipients: Recipient[] = [];
    const now = new Date().toISOString();
    for (let index = 0; index < count; index += 1) {
      const userId = randomUUID();
      numbered += 1;
      // Swedish mobiles, one per person: +46 70 1xx xx xx.
      const phone = `+4670${1_000_000 + numbered}`;
      const email = `person-${userId}@example.test`;
      const device = await push.subscribe(vapid.publicKey);
      await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("users")
          .values({
            id: userId,
            name: "Astrid Lindqvist",
            email,
            email_verified: true,
            image: null,
            role: "customer",
            banned: false,
            ban_reason: null,
            ban_expires: null,
            two_factor_enabled: false,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto("profiles")
          .values({
            id: userId,
            full_name: "Astrid Lindqvist",
            phone_number: phone,
            email,
            address: "",
            city: "",
            country: "",
            postal_code: "",
            avatar_url: null,
            language: "en",
            email_notifications: 1,
            push_notifications: 1,
            avatar_key: null,
            quiet_hours_start: null,
            quiet_hours_end: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto("push_subscriptions")
          .values({
            id: randomUUID(),
            user_id: userId,
            endpoint: device.endpoint,
            p256dh: device.keys.p256dh,
            auth: device.keys.auth,
            device: null,
            created_at: now,
          })
          .execute();
        for (const kind of notificationKinds)
          await trx.insertInto("notification_channel_choices").values({ user_id: userId, kind, email: 1, sms: 1, push: 1 }).execute();
      });
      recipients.push({ userId, phone, clientHash: device.clientHash });
    }
    return recipients;
  }

  return {
    processes,
    database,
    push,
    sms,
    smtp,
    context,
    addRecipients,
    async stop() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
