import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { escapeHtml } from "../http/escape-html.ts";

// ADR 120: the development mailbox at /dev/mailbox, mounted by app.ts only when
// env.devMailbox (never in production). Everything shown is escaped; a mail's own HTML is served on
// its own page under a CSP that blocks scripts and outside requests.

const pageStyle = `body{margin:0;background:#f7f4ee;color:#0b0b0c;font:15px/1.5 system-ui,sans-serif}
header{background:#0b0b0c;color:#c9a24a;padding:16px 24px;letter-spacing:3px;font-weight:700}
main{max-width:960px;margin:0 auto;padding:24px}
article{background:#fff;border:1px solid #e7e2d8;margin:0 0 16px;padding:16px 20px}
h2{margin:0 0 4px;font-size:17px}
.meta{color:#4a4a4f;font-size:13px;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;background:#f7f4ee;padding:12px;margin:8px 0;font-size:13px}
a{color:#7a5d1e}a:focus-visible{outline:3px solid #c9a24a;outline-offset:2px}
.status{display:inline-block;padding:0 8px;border:1px solid #c9a24a;font-size:12px;text-transform:uppercase}`;

export const devMailboxRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const rows = await c.var.deps.database.db
      .selectFrom("outbox")
      .select(["id", "kind", "recipient", "subject", "text", "status", "attempts", "created_at", "sent_at", "last_error"])
      .orderBy("created_at", "desc")
      .limit(100)
      .execute();
    const items = rows
      .map(
        (row) => `<article>
<h2>${escapeHtml(row.subject || "Queued: rendered when the worker sends it")}</h2>
<p class="meta">To <strong>${escapeHtml(row.recipient)}</strong> · ${escapeHtml(row.created_at)} · ${escapeHtml(row.kind)} · <span class="status">${escapeHtml(row.status)}</span>${
          row.last_error ? ` · last error: ${escapeHtml(row.last_error)}` : ""
        }</p>
<pre>${escapeHtml(row.text)}</pre>
<a href="/dev/mailbox/${encodeURIComponent(row.id)}/html">View the HTML version</a>
</article>`,
      )
      .join("\n");
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Nordic Shield</title><style>${pageStyle}</style></head>
<body><header>NORDIC SHIELD · DEV MAILBOX</header><main>
<p>Mails the app has written, newest first (development only; absent in production).</p>
${items || "<p>No mails yet. Request a verification code or a password reset to see one here.</p>"}
</main></body></html>`);
  })
  .get("/:id/html", async (c) => {
    const row = await c.var.deps.database.db.selectFrom("outbox").select("html").where("id", "=", c.req.param("id")).executeTakeFirst();
    if (!row) return c.text("No such mail.", 404);
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'");
    return c.html(row.html);
  });
