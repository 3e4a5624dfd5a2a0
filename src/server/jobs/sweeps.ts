import { purgeExpiredRateLimits } from "../auth/rate-limit.ts";
import type { Clock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { sweepApprovedIdFiles } from "../features/operator/id-retention.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { Language } from "../../shared/languages.ts";
import { operatorToday } from "../../shared/time.ts";
import type { Executor } from "./queue.ts";
import type { JobHandler } from "./types.ts";

// ADR 098: the recurring kinds. Each run queues the next one (jobs/worker.ts), so the work moves
// from one process to another as processes come and go, and no two processes sweep at once.

const dayMs = 86_400_000;

/**
 * The operators and admins, who receive the console's alerts (docs/product.md §6), each in the
 * language of their profile, English for staff without one.
 */
export async function staffRecipients(executor: Executor): Promise<{ email: string; language: Language }[]> {
  const rows = await executor
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .select(["users.email", "profiles.language"])
    .where("users.role", "in", ["operator", "admin"])
    .orderBy("users.email")
    .execute();
  return rows.map((row) => ({ email: row.email, language: row.language ?? "en" }));
}

export const licenceAlertDays = 30;

/**
 * docs/product.md §13: operators are told once about each active operative whose licence runs out
 * within 30 days. The alert mail carries the reference `licence:<operative>:<expiry>`, so a later
 * run (or a run after a missed day) finds it and does not tell them twice; a renewed licence
 * (a new expiry) is a new alert.
 */
export async function alertExpiringLicences(deps: AppDependencies, clock: Clock): Promise<number> {
  const db = deps.database.db;
  const today = operatorToday(clock.now());
  const horizon = operatorToday(new Date(clock.now().getTime() + licenceAlertDays * dayMs));
  const operatives = await db
    .selectFrom("operatives")
    .select(["id", "name", "licence_number", "licence_expires_on"])
    .where("active", "=", 1)
    .where("licence_expires_on", ">=", today)
    .where("licence_expires_on", "<=", horizon)
    .execute();
  const recipients = await staffRecipients(db);
  let alerted = 0;
  for (const operative of operatives) {
    const reference = `licence:${operative.id}:${operative.licence_expires_on}`;
    const already = await db.selectFrom("jobs").select("id").where("reference_key", "=", reference).executeTakeFirst();
    if (already) continue;
    await db.transaction().execute(async (trx) => {
      for (const to of recipients) {
        await enqueueMail(
          trx,
          {
            kind: "licence-expiry-alert",
            to: to.email,
            payload: {
              language: to.language,
              operativeName: operative.name,
              licenceNumber: operative.licence_number,
              expiresOn: operative.licence_expires_on,
            },
          },
          { referenceKey: reference },
        );
      }
    });
    alerted += 1;
  }
  return alerted;
}

/** ADR 031: codes past their expiry can no longer be used or verified; their rows (e-mail addresses) go. */
export async function deleteExpiredCodes(deps: AppDependencies, clock: Clock): Promise<number> {
  const db = deps.database.db;
  const now = clock.now();
  const result = await db.deleteFrom("verification_codes").where("expires_at", "<", now.toISOString()).executeTakeFirst();
  await purgeExpiredRateLimits(db, now);
  return Number(result.numDeletedRows);
}

export function createSweepHandlers(
  deps: AppDependencies,
  clock: Clock,
): Record<"licence-expiry-check" | "id-retention-sweep" | "expired-codes-sweep", JobHandler> {
  const log = deps.logger.child({ component: "job-worker" });
  return {
    "licence-expiry-check": {
      async run() {
        const alerted = await alertExpiringLicences(deps, clock);
        if (alerted > 0) log.info({ alerted }, "operators told of expiring licences");
        return undefined;
      },
    },
    "id-retention-sweep": {
      async run() {
        const deleted = await sweepApprovedIdFiles(deps, clock.now());
        if (deleted > 0) log.info({ deleted }, "identity document files deleted after retention");
        return undefined;
      },
    },
    "expired-codes-sweep": {
      async run() {
        await deleteExpiredCodes(deps, clock);
        return undefined;
      },
    },
  };
}
