import { simpleParser } from "mailparser";
import type { Database } from "../db/database.ts";
import { cookieHeader, validProfile } from "./accounts.ts";
import { waitFor } from "./wait-for.ts";
import { freePort, startSmtpSink, type SmtpSink, type SmtpSinkOptions } from "./smtp-sink.ts";

// A customer acting over real HTTP against server processes (server-process.ts), for tests that
// app.request() cannot serve (several processes on one database, a crash and a restart), and the
// mail collector every test that reads delivered mail uses: a real SMTP server on loopback.

/** A mail as the SMTP server received it: `to` is the envelope recipients, `html` "" when the mail has none. */
export type ReceivedMail = { messageId: string; to: string; subject: string; text: string; html: string };

export type MailCollector = {
  /** SMTP_URL for the server processes. */
  smtpUrl: string;
  /** Every mail received so far, in arrival order (duplicates included). */
  mails: ReceivedMail[];
  sink: SmtpSink;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on loopback that keeps every mail it receives. `onMail` runs after a mail is
 * stored and before the server answers the client: a test can act at the moment a mail was
 * received but its sender does not know it yet.
 */
export async function startMailCollector(
  options: SmtpSinkOptions & { onMail?: (mail: ReceivedMail) => void | Promise<void> } = {},
): Promise<MailCollector> {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const sink = await startSmtpSink(
    port,
    async (raw, recipients) => {
      const parsed = await simpleParser(raw);
      const mail = {
        messageId: parsed.messageId ?? "",
        to: recipients.join(","),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
      };
      mails.push(mail);
      await options.onMail?.(mail);
    },
    options,
  );
  return { smtpUrl: `smtp://127.0.0.1:${port}`, mails, sink, close: () => sink.close() };
}

export type JsonBody = Record<string, unknown> & { error?: { code: string; message: string } };
export type HttpAnswer = { status: number; body: JsonBody; cookie: string };

/**
 * A JSON request to one server process as a browser on `appOrigin` sends it (the Origin check,
 * ADR 035). `clientAddress` travels in X-Forwarded-For, as a trusted reverse proxy would add it.
 */
export async function requestJson(
  serverUrl: string,
  appOrigin: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; clientAddress?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { origin: appOrigin };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  if (options.clientAddress) headers["x-forwarded-for"] = options.clientAddress;
  const response = await fetch(`${serverUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: JsonBody = {};
  try {
    body = JSON.parse(text) as JsonBody;
  } catch {
    // Not JSON (an empty answer): keep the empty object.
  }
  return { status: response.status, body, cookie: cookieHeader(response.headers.getSetCookie()) };
}

/** The 4-digit code of the newest code mail to `email` received by the collector. */
export function receivedCode(collector: MailCollector, email: string): string | undefined {
  const mail = collector.mails.findLast((received) => received.to === email && /^ {4}\d{4}$/m.test(received.text));
  return mail ? /^ {4}(\d{4})$/m.exec(mail.text)?.[1] : undefined;
}

/**
 * The whole sign-up over HTTP (docs/product.md §7): the code mailed through the collector, its check, the
 * account; each step may go to a different process. Returns the session cookie.
 */
export async function signUpOverHttp(
  collector: MailCollector,
  steps: { sendCode: string; verify: string; create: string },
  appOrigin: string,
  email: string,
  clientAddress?: string,
  profile: Partial<typeof validProfile> = {},
): Promise<string> {
  const options = { clientAddress };
  const sent = await requestJson(steps.sendCode, appOrigin, "POST", "/api/account/verification-code", { ...options, body: { email } });
  if (sent.status !== 200) throw new Error(`Sending the code failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await waitFor(() => receivedCode(collector, email), { what: `the code mail to ${email}` });
  const verified = await requestJson(steps.verify, appOrigin, "POST", "/api/account/verify-code", { ...options, body: { email, code } });
  if (verified.status !== 200) throw new Error(`Checking the code failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  const created = await requestJson(steps.create, appOrigin, "POST", "/api/account/sign-up", {
    ...options,
    body: { ...validProfile, ...profile, email, verificationToken: verified.body.verificationToken },
  });
  if (created.status !== 201) throw new Error(`Creating the account failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.cookie;
}

/** The outbox rows of booking confirmations by booking id (ADR 037: the payload names the booking). */
export async function queuedConfirmations(db: Database): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom("outbox").select(["id", "payload"]).where("kind", "=", "booking-confirmation").execute();
  const byBooking = new Map<string, string[]>();
  for (const row of rows) {
    const { bookingId } = JSON.parse(row.payload ?? "{}") as { bookingId?: string };
    if (bookingId) byBooking.set(bookingId, [...(byBooking.get(bookingId) ?? []), row.id]);
  }
  return byBooking;
}

/** The Message-ID the worker gives an outbox row's mail (ADR 032), for MAIL_FROM at `domain`. */
export function messageIdOf(outboxId: string, domain: string): string {
  return `<${outboxId}@${domain}>`;
}
