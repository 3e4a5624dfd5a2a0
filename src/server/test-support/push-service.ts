import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { freePort } from "./smtp-sink.ts";

// A push service of the test's own (RFC 8030): web-push-testing checks the VAPID signature
// (RFC 8292), decrypts the payload (RFC 8291) and keeps what arrived per subscription, and answers
// 410 for a subscription it expired. In front of it a recorder keeps the headers of every push
// request (TTL, Urgency, Topic, the VAPID token's audience), which web-push-testing does not expose.

type PushApiModel = {
  notifyUrl: string;
  subscribe: (options: { userVisibleOnly: string; applicationServerKey: string }) => Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  expireSubscription: (clientHash: string) => void;
  getNotifications: (body: { clientHash: string }) => { messages: string[] };
};
type TestingServer = { _app: { listen: (port: number, host: string, ready: () => void) => Server }; setRequestHandlers: () => void };

const require = createRequire(import.meta.url);
const { PushApiModel: Model } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => PushApiModel };
const TestingServerClass = require("web-push-testing/src/server.js") as new (model: PushApiModel, port: number) => TestingServer;

export type RecordedPush = { clientHash: string; status: number; headers: IncomingHttpHeaders; audience: string | null };

export type TestPushService = {
  url: string;
  /** A browser's subscription to the given VAPID public key, as PushSubscription.toJSON() gives it. */
  subscribe: (applicationServerKey: string) => Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>;
  /** The decrypted payloads that reached a subscription, parsed as JSON. */
  messages: (clientHash: string) => unknown[];
  /** Every push request as it arrived, with the push service's answer. */
  requests: RecordedPush[];
  /** The browser unsubscribed: the service answers 410 Gone from now on. */
  expire: (clientHash: string) => void;
  close: () => Promise<void>;
};

/** The audience (`aud`) of the VAPID JWT in `Authorization: vapid t=…, k=…` (RFC 8292 §2, §3). */
function vapidAudience(authorization: string | undefined): string | null {
  const token = /t=([^,\s]+)/.exec(authorization ?? "")?.[1];
  const claims = token?.split(".")[1];
  if (!claims) return null;
  return (JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud?: string }).aud ?? null;
}

export async function startTestPushService(): Promise<TestPushService> {
  const model = new Model();
  const innerPort = await freePort();
  const testing = new TestingServerClass(model, innerPort);
  const inner = await new Promise<Server>((resolve) => {
    const server = testing._app.listen(innerPort, "127.0.0.1", () => resolve(server));
  });
  testing.setRequestHandlers();
  const requests: RecordedPush[] = [];
  const recorder = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const forwarded = { ...request.headers };
      delete forwarded.host;
      fetch(`http://127.0.0.1:${innerPort}${request.url ?? "/"}`, {
        method: request.method ?? "POST",
        headers: forwarded as Record<string, string>,
        body: request.method === "GET" ? undefined : body,
      })
        .then(async (answer) => {
          const text = await answer.text();
          const clientHash = /\/notify\/([^/?]+)/.exec(request.url ?? "")?.[1] ?? "";
          requests.push({
            clientHash,
            status: answer.status,
            headers: request.headers,
            audience: vapidAudience(request.headers.authorization),
          });
          response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
          response.end(text);
        })
        .catch((error: unknown) => {
          response.writeHead(502);
          response.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  return {
    url,
    async subscribe(applicationServerKey) {
      const subscription = await model.subscribe({ userVisibleOnly: "true", applicationServerKey });
      return { ...subscription, endpoint: `${url}/notify/${subscription.clientHash}` };
    },
    messages: (clientHash) => model.getNotifications({ clientHash }).messages.map((text) => JSON.parse(text) as unknown),
    requests,
    expire: (clientHash) => model.expireSubscription(clientHash),
    async close() {
      await new Promise<void>((resolve) => recorder.close(() => resolve()));
      recorder.closeAllConnections();
      await new Promise<void>((resolve) => inner.close(() => resolve()));
      inner.closeAllConnections();
    },
  };
}
