import { bookingForMail } from "../features/bookings/service.ts";
import type { RenderedMail } from "../mail/templates/render-mail.ts";
import { documentForMail } from "../features/invoices/jobs.ts";
import { seriesForMail } from "../features/series/jobs.ts";
import { renderQueuedMail, type MailKind } from "../mail/registry.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The newest queued mail of `kind` to `email`, rendered from its payload exactly as the outbox
 * worker will send it (ADR 037): tests read a code or a link without running the worker.
 */
export async function latestQueuedMail(test: TestApp, email: string, kind: MailKind): Promise<RenderedMail> {
  const row = await test.db
    .selectFrom("outbox")
    .select("payload")
    .where("recipient", "=", email)
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  if (row.payload === null) throw new Error(`The ${kind} mail to ${email} has no payload`);
  return renderQueuedMail(kind, row.payload, {
    supportEmail: test.deps.env.site.supportEmail,
    appUrl: test.deps.env.appUrl,
    sources: { booking: (bookingId) => bookingForMail(test.deps, bookingId) },
  });
}

/**
 * Every queued mail of `kind` to `email`, oldest first, rendered as the outbox worker sends it, with
 * the bookings and the accounting documents (their PDFs attached) the templates read.
 */
export async function queuedMails(test: TestApp, email: string, kind: MailKind): Promise<RenderedMail[]> {
  const rows = await test.db
    .selectFrom("outbox")
    .select("payload")
    .where("recipient", "=", email)
    .where("kind", "=", kind)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return Promise.all(
    rows.map((row) =>
      renderQueuedMail(kind, row.payload ?? "{}", {
        supportEmail: test.deps.env.site.supportEmail,
        appUrl: test.deps.env.appUrl,
        sources: {
          booking: (bookingId) => bookingForMail(test.deps, bookingId),
          document: (id) => documentForMail(test.deps, id),
          series: (id) => seriesForMail(test.deps, id),
        },
      }),
    ),
  );
}
