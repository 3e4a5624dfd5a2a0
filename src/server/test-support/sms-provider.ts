import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// An SMS provider of the test's own that speaks 46elks' documented HTTP API: POST /a1/sms with
// HTTP basic authentication and the form fields from, to, message and whendelivered; it answers
// with the message's id and status "created", and refuses a request 46elks would refuse (wrong
// credentials, a `to` not in E.164, a `from` that is neither an E.164 number nor 3–11 letters and
// digits, an empty message). deliver() posts the delivery report to the message's whendelivered
// URL as 46elks does: form fields id, status ("delivered" or "failed") and delivered.

export type ReceivedSms = { id: string; from: string; to: string; message: string; whendelivered: string };

export type TestSmsProvider = {
  /** The API base to configure as ELKS_API_URL. */
  apiUrl: string;
  received: ReceivedSms[];
  /** Refusals, with the reason, of requests that did not follow the API. */
  refused: string[];
  /** Posts the delivery report of a received message to its whendelivered URL (on `appUrl` when given). */
  deliver: (id: string, status: "delivered" | "failed", appUrl?: string) => Promise<number>;
  /** The next answers are 503, as an outage would give. */
  failNext: (count: number) => void;
  close: () => Promise<void>;
};

export async function startTestSmsProvider(credentials: { username: string; password: string }): Promise<TestSmsProvider> {
  const received: ReceivedSms[] = [];
  const refused: string[] = [];
  let failures = 0;
  const expectedAuthorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      const refuse = (status: number, reason: string) => {
        refused.push(reason);
        response.writeHead(status, { "content-type": "text/plain" });
        response.end(reason);
      };
      if (request.method !== "POST" || request.url !== "/a1/sms") return refuse(404, `no such endpoint ${request.method} ${request.url}`);
      if (request.headers.authorization !== expectedAuthorization) return refuse(401, "wrong credentials");
      if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) return refuse(400, "not a form");
      if (failures > 0) {
        failures -= 1;
        response.writeHead(503);
        response.end("Service unavailable");
        return;
      }
      const form = new URLSearchParams(text);
      const from = form.get("from") ?? "";
      const to = form.get("to") ?? "";
      const message = form.get("message") ?? "";
      const whendelivered = form.get("whendelivered") ?? "";
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return refuse(403, `Invalid to number: ${to}`);
      if (!/^\+[1-9]\d{6,14}$/.test(from) && !/^[A-Za-z][A-Za-z0-9]{2,10}$/.test(from)) return refuse(403, `Invalid from: ${from}`);
      if (message.length === 0 || message.length > 1600) return refuse(403, "Message empty or too long");
      if (whendelivered && !/^https?:\/\//.test(whendelivered)) return refuse(403, "whendelivered is not a URL");
      const id = `s${randomBytes(16).toString("hex")}`;
      received.push({ id, from, to, message, whendelivered });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id,
          status: "created",
          from,
          to,
          message,
          direction: "outgoing",
          parts: 1,
          cost: 3500,
          created: new Date().toISOString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${base}/a1`,
    received,
    refused,
    failNext: (count) => {
      failures = count;
    },
    async deliver(id, status, appUrl) {
      const message = received.find((sms) => sms.id === id);
      if (!message) throw new Error(`No message ${id} was sent`);
      const target = new URL(message.whendelivered);
      const url = appUrl ? `${appUrl}${target.pathname}` : target.toString();
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id, status, delivered: new Date().toISOString() }),
      });
      return answer.status;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
