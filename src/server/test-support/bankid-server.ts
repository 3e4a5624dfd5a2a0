import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import type { BankIdTestCertificates } from "./bankid-certificates.ts";

// A BankID Relying Party API v6 server of the project's own (ADR 272), for tests and, by
// configuration, development: HTTPS that asks for the relying party's client certificate and
// refuses any not signed by the test's CA; /rp/v6.0/auth, /sign, /collect and /cancel with
// BankID's fields and error answers; and it notes what a real BankID would hold against the
// caller (a collect sooner than 2 s after the last, a field missing) in `problems`, so a test can
// assert there were none. Each order plays a script: pending hintCodes, then an outcome.

export type BankIdPerson = { personalNumber: string; name: string; givenName: string; surname: string };

export type BankIdScript = {
  /** The pending hintCodes answered by the collects before the outcome, one per collect. */
  pending: string[];
  outcome: { status: "complete"; person: BankIdPerson } | { status: "failed"; hintCode: string };
};

export const testPerson: BankIdPerson = {
  personalNumber: "199001011239",
  name: "Astrid Lindqvist",
  givenName: "Astrid",
  surname: "Lindqvist",
};

/** The usual success: the QR code waits, the person opens the app and signs, then it completes. */
export const completes = (person: BankIdPerson = testPerson): BankIdScript => ({
  pending: ["outstandingTransaction", "started", "userSign"],
  outcome: { status: "complete", person },
});
export const fails = (
  hintCode: "userCancel" | "expiredTransaction" | "certificateErr" | "startFailed",
  pending = ["outstandingTransaction"],
) => ({
  pending,
  outcome: { status: "failed" as const, hintCode },
});

type Order = {
  orderRef: string;
  kind: "auth" | "sign";
  body: Record<string, unknown>;
  script: BankIdScript;
  collects: number;
  lastCollectAt: number | null;
  cancelled: boolean;
  qrStartToken: string;
  qrStartSecret: string;
};

export type LocalBankIdServer = Awaited<ReturnType<typeof startLocalBankIdServer>>;

const minimumCollectIntervalMs = 2000;

export async function startLocalBankIdServer(options: { certificates: BankIdTestCertificates; now?: () => number; host?: string }) {
  const now = options.now ?? (() => Date.now());
  const orders = new Map<string, Order>();
  const scripts: BankIdScript[] = [];
  const problems: string[] = [];
  const calls: { method: string; body: Record<string, unknown>; clientName: string }[] = [];

  function answer(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  }
  const refuse = (response: ServerResponse, status: number, errorCode: string, details: string) =>
    answer(response, status, { errorCode, details });

  function startOrder(kind: "auth" | "sign", body: Record<string, unknown>, response: ServerResponse) {
    if (typeof body.endUserIp !== "string" || !/^[\d.:a-fA-F]+$/.test(body.endUserIp)) {
      return refuse(response, 400, "invalidParameters", "Invalid endUserIp");
    }
    for (const field of ["userVisibleData", "userNonVisibleData"] as const) {
      const value = body[field];
      if (value !== undefined && (typeof value !== "string" || Buffer.from(value, "base64").toString("base64") !== value)) {
        return refuse(response, 400, "invalidParameters", `Invalid ${field}: not base64`);
      }
    }
    if (kind === "sign" && typeof body.userVisibleData !== "string")
      return refuse(response, 400, "invalidParameters", "Missing userVisibleData");
    if (typeof body.userVisibleData === "string" && body.userVisibleData.length > 1500 * 4) {
      return refuse(response, 400, "invalidParameters", "userVisibleData too long");
    }
    const wanted = (body.requirement as { personalNumber?: string } | undefined)?.personalNumber;
    if (
      wanted &&
      [...orders.values()].some(
        (order) =>
          !order.cancelled &&
          order.script.outcome.status === "complete" &&
          order.script.outcome.person.personalNumber === wanted &&
          order.collects <= order.script.pending.length,
      )
    ) {
      return refuse(response, 400, "alreadyInProgress", "Order already in progress for pno");
    }
    const order: Order = {
      orderRef: randomUUID(),
      kind,
      body,
      script: scripts.shift() ?? completes(),
      collects: 0,
      lastCollectAt: null,
      cancelled: false,
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
    };
    orders.set(order.orderRef, order);
    return answer(response, 200, {
      orderRef: order.orderRef,
      autoStartToken: randomUUID(),
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
    });
  }

  function collect(body: Record<string, unknown>, response: ServerResponse) {
    const order = typeof body.orderRef === "string" ? orders.get(body.orderRef) : undefined;
    if (!order || order.cancelled) return refuse(response, 400, "invalidParameters", "No such order");
    const at = now();
    if (order.lastCollectAt !== null && at - order.lastCollectAt < minimumCollectIntervalMs) {
      problems.push(
        `collect of ${order.orderRef} ${at - order.lastCollectAt} ms after the previous one (at least ${minimumCollectIntervalMs} ms)`,
      );
    }
    order.lastCollectAt = at;
    const step = order.collects;
    order.collects += 1;
    const pending = order.script.pending[step];
    if (pending !== undefined) return answer(response, 200, { orderRef: order.orderRef, status: "pending", hintCode: pending });
    const { outcome } = order.script;
    if (outcome.status === "failed")
      return answer(response, 200, { orderRef: order.orderRef, status: "failed", hintCode: outcome.hintCode });
    const signed = Buffer.from(
      `<Signature>${order.kind}:${order.orderRef}:${String(order.body.userVisibleData ?? "")}</Signature>`,
    ).toString("base64");
    return answer(response, 200, {
      orderRef: order.orderRef,
      status: "complete",
      completionData: {
        user: outcome.person,
        device: { ipAddress: order.body.endUserIp, uhi: "OZvYM9VvyiAmG7NA5jU5zRGcHTyK" },
        bankIdIssueDate: "2024-06-10",
        stepUp: { mrtd: false },
        signature: signed,
        ocspResponse: Buffer.from(`OCSP good for ${order.orderRef}`).toString("base64"),
      },
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const socket = request.socket as TLSSocket;
    const commonName = socket.getPeerCertificate()?.subject?.CN ?? "";
    const clientName = Array.isArray(commonName) ? commonName.join(", ") : commonName;
    if (request.method !== "POST") return refuse(response, 405, "methodNotAllowed", "Only POST");
    if (!(request.headers["content-type"] ?? "").startsWith("application/json"))
      return refuse(response, 415, "unsupportedMediaType", "JSON only");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return refuse(response, 400, "invalidParameters", "Body is not JSON");
    }
    const method = (request.url ?? "").replace(/^\/rp\/v6\.0\//, "");
    calls.push({ method, body, clientName });
    switch (method) {
      case "auth":
      case "sign":
        return startOrder(method, body, response);
      case "collect":
        return collect(body, response);
      case "cancel": {
        const order = typeof body.orderRef === "string" ? orders.get(body.orderRef) : undefined;
        if (!order || order.cancelled) return refuse(response, 400, "invalidParameters", "No such order");
        order.cancelled = true;
        return answer(response, 200, {});
      }
      default:
        return refuse(response, 404, "notFound", `No method ${request.url}`);
    }
  }

  const server = createServer(
    {
      key: options.certificates.serverKey,
      cert: options.certificates.serverCert,
      ca: options.certificates.ca,
      // Mutual TLS: a client without a certificate of the test's CA never reaches a handler.
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      handle(request, response).catch((error: unknown) => refuse(response, 500, "internalError", String(error)));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://localhost:${port}/rp/v6.0`,
    /** The scripts the next orders play, in order (an order without one completes for testPerson). */
    play: (...next: BankIdScript[]) => scripts.push(...next),
    calls,
    problems,
    orderOf: (orderRef: string) => orders.get(orderRef),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
