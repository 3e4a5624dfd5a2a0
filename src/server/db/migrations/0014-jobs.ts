import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Kysely } from "kysely";

// ADR 095: one durable `jobs` table for every piece of background work (mail, reminders, alerts,
// sweeps). The outbox's rows move into it as jobs of kind "mail", keeping their ids (so a mail's
// Message-ID, `<id@domain>`, stays the same across the upgrade), their lane (priority), attempts,
// last error and due time. `outbox` becomes a read-only view of the mail jobs, so readers of the
// old table (the dev mailbox, the metrics, tests) see the same columns.

type OutboxRow = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachments: string | null;
  payload: string | null;
  priority: number;
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

const mailMaxAttempts = 120;

/** The mail job a stored outbox row becomes; a delivered mail keeps only its template (ADR 097). */
function jobOf(row: OutboxRow) {
  const rendered = { subject: row.subject, html: row.html, text: row.text, attachments: row.attachments };
  const waiting = row.status === "pending" || row.status === "sending";
  const data: unknown = row.payload === null ? undefined : JSON.parse(row.payload);
  const payload = waiting
    ? { template: row.kind, to: row.recipient, ...(data === undefined ? { rendered } : { data }) }
    : row.status === "kept"
      ? { template: row.kind, to: row.recipient, ...(data !== undefined && { data }) }
      : { template: row.kind };
  return {
    id: row.id,
    kind: "mail",
    payload: JSON.stringify(payload),
    run_at: row.next_attempt_at,
    priority: row.priority,
    attempts: row.attempts,
    max_attempts: mailMaxAttempts,
    // A mail another process was sending keeps a lease that runs out when its claim would have.
    status: { pending: "pending", sending: "running", sent: "done", kept: "done", failed: "failed" }[row.status] ?? "failed",
    lease_owner: row.status === "sending" ? "outbox" : null,
    lease_token: row.status === "sending" ? randomUUID() : null,
    lease_expires_at: row.status === "sending" ? row.locked_until : null,
    last_error: row.last_error,
    reference_key: null,
    output: row.status === "kept" ? JSON.stringify(rendered) : null,
    created_at: row.created_at,
    finished_at: row.sent_at,
  };
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The view of mail jobs with the outbox's columns and statuses (sending = running, kept = done with a dev copy). */
function outboxView(postgres: boolean) {
  const field = (column: string, name: string) =>
    postgres ? sql.raw(`(${column}::json ->> '${name}')`) : sql.raw(`json_extract(${column}, '$.${name}')`);
  // The template's payload as its JSON text: PostgreSQL's json type keeps the stored text as it is.
  const data = postgres ? sql.raw(`(payload::json -> 'data')::text`) : sql.raw(`json_extract(payload, '$.data')`);
  return sql`create view outbox as select
    id,
    ${field("payload", "template")} as kind,
    coalesce(${field("payload", "to")}, '') as recipient,
    coalesce(${field("output", "subject")}, '') as subject,
    coalesce(${field("output", "html")}, '') as html,
    coalesce(${field("output", "text")}, '') as text,
    ${field("output", "attachments")} as attachments,
    ${data} as payload,
    priority,
    case status when 'running' then 'sending' when 'done' then (case when output is null then 'sent' else 'kept' end) else status end as status,
    status as job_status,
    attempts,
    run_at as next_attempt_at,
    lease_expires_at as locked_until,
    last_error,
    created_at,
    finished_at as sent_at
    from jobs where kind = 'mail'`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("payload", "text")
    .addColumn("run_at", "text", (column) => column.notNull())
    .addColumn("priority", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_token", "text")
    .addColumn("lease_expires_at", "text")
    .addColumn("last_error", "text")
    .addColumn("reference_key", "text")
    .addColumn("output", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_due_index").on("jobs").columns(["status", "priority", "run_at"]).execute();
  await db.schema.createIndex("jobs_reference_index").on("jobs").columns(["reference_key", "status"]).execute();
  // ADR 098: a recurring job has at most one pending run, whichever process queued it.
  await sql`create unique index jobs_one_pending_recurring on jobs (reference_key) where status = 'pending' and reference_key like 'recurring:%'`.execute(
    db,
  );

  const rows = (await sql<OutboxRow>`select * from outbox order by created_at`.execute(db)).rows;
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto("jobs" as never)
      .values(rows.slice(start, start + 200).map(jobOf) as never)
      .execute();
  }
  await db.schema.dropTable("outbox").execute();
  await outboxView(postgres).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Mails still waiting go back to the outbox; other kinds are lost to the older version, so a
  // rollback is done with no scheduled work pending.
  const waiting = (await sql<OutboxRow>`select * from outbox where status in ('pending', 'sending')`.execute(db)).rows;
  await db.schema.dropView("outbox").execute();
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("recipient", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("html", "text", (column) => column.notNull())
    .addColumn("text", "text", (column) => column.notNull())
    .addColumn("attachments", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (column) => column.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("sent_at", "text")
    .addColumn("payload", "text")
    .addColumn("priority", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("outbox_due_index").on("outbox").columns(["status", "priority", "next_attempt_at"]).execute();
  for (const row of waiting) {
    await db
      .insertInto("outbox" as never)
      .values({ ...row, status: "pending", locked_until: null } as never)
      .execute();
  }
  await db.schema.dropTable("jobs").execute();
}
