import type { Language } from "../../shared/languages.ts";
import { threadAccessRow, unreadCounts, waitingSince } from "../booking-thread/thread-store.ts";
import type { Clock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { notify } from "../notifications/service.ts";
import type { JobHandler } from "./types.ts";
import { bookingReference } from "../../shared/booking-reference.ts";

// ADR 184: the mail about new thread messages. The first message of a burst queues this job a few
// minutes ahead (booking-thread service); later messages of the burst find it pending and queue
// nothing. When it runs it mails each reader who still has unread messages from the other side,
// once, with how many; a reader who opened the thread meanwhile gets nothing. Once it has run, the
// next message starts a new burst and a new job.

export function createThreadJobHandlers(deps: AppDependencies, clock: Clock): Record<"thread-notification", JobHandler> {
  const db = deps.database.db;
  return {
    "thread-notification": {
      async run(_job, parsed) {
        const { bookingId, audience } = parsed as { bookingId: string; audience: "customer" | "staff" };
        const booking = await threadAccessRow(db, bookingId);
        if (!booking) return undefined;
        const readers: { userId: string; email: string; language: Language }[] = [];
        if (audience === "customer") {
          // A deleted account (no owner) is told nothing.
          if (!booking.user_id) return undefined;
          const owner = await db
            .selectFrom("users")
            .leftJoin("profiles", "profiles.id", "users.id")
            .select(["users.id", "users.email", "profiles.language"])
            .where("users.id", "=", booking.user_id)
            .executeTakeFirst();
          if (owner) readers.push({ userId: owner.id, email: owner.email, language: owner.language ?? (booking.language as Language) });
        } else {
          // Answered meanwhile by any operator: nothing waits for us any more.
          if (!(await waitingSince(db, [bookingId])).has(bookingId)) return undefined;
          const staff = await db
            .selectFrom("users")
            .leftJoin("profiles", "profiles.id", "users.id")
            .select(["users.id", "users.email", "profiles.language"])
            .where("users.role", "in", ["operator", "admin"])
            .orderBy("users.email")
            .execute();
          for (const member of staff) readers.push({ userId: member.id, email: member.email, language: member.language ?? "en" });
        }
        const now = clock.now().toISOString();
        await db.transaction().execute(async (trx) => {
          for (const reader of readers) {
            const unread = (await unreadCounts(trx, { userId: reader.userId, side: audience }, [bookingId])).get(bookingId) ?? 0;
            if (unread === 0) continue;
            await enqueueMail(trx, {
              kind: "thread-messages",
              to: reader.email,
              payload: { language: reader.language, audience, reference: bookingReference(bookingId), bookingId, count: unread },
            });
            // ADR 265: and on push and SMS as the reader chose; the mail above is the e-mail.
            await notify(
              trx,
              {
                kind: "thread-message",
                userId: reader.userId,
                bookingId,
                language: reader.language,
                data: { bookingId, reference: bookingReference(bookingId), count: unread },
                eventKey: `${bookingId}:${now}`,
                onlyChannels: ["push", "sms"],
              },
              { env: deps.env, clock },
            );
          }
        });
        return { output: JSON.stringify({ checkedAt: now, readers: readers.length }) };
      },
    },
  };
}
