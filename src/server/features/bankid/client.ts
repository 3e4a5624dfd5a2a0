import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import type { Environment } from "../../env.ts";

// ADR 272: the BankID Relying Party API v6 (JSON over HTTPS with the firm's client certificate,
// mutual TLS): /auth, /sign, /collect, /cancel, nothing else. The adapter only speaks the API;
// the rules (collect at most every 2 s, cancel on leaving, the words per hintCode) are the
// service's. Errors come back as BankIdError with BankID's own errorCode.

export type BankIdOrder = { orderRef: string; autoStartToken: string; qrStartToken: string; qrStartSecret: string };

export type BankIdCompletion = {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi?: string };
  bankIdIssueDate?: string;
  stepUp?: { mrtd: boolean };
  signature: string;
  ocspResponse: string;
};

export type BankIdCollect =
  | { orderRef: string; status: "pending"; hintCode: string }
  | { orderRef: string; status: "failed"; hintCode: string }
  | { orderRef: string; status: "complete"; completionData: BankIdCompletion };

export type AuthInput = {
  endUserIp: string;
  returnUrl?: string;
  userVisibleData?: string;
  userVisibleDataFormat?: "plaintext" | "simpleMarkdownV1";
  requirement?: { pinCode?: boolean; personalNumber?: string };
};
export type SignInput = AuthInput & { userVisibleData: string; userNonVisibleData?: string };

/** BankID's error answer (HTTP 4xx/5xx with `{ errorCode, details }`). */
export class BankIdError extends Error {
  readonly errorCode: string;
  readonly details: string;
  readonly status: number;

  constructor(errorCode: string, details: string, status: number) {
    super(`BankID ${errorCode}: ${details}`);
    this.errorCode = errorCode;
    this.details = details;
    this.status = status;
  }
}

export type BankIdClient = ReturnType<typeof createBankIdClient>;

type ClientCertificate = { pfx?: Buffer; cert?: Buffer; key?: Buffer; passphrase?: string; ca: Buffer };

/** The certificate files named by the environment, read once at start. */
export function certificatesFromEnvironment(settings: NonNullable<Environment["bankId"]>): ClientCertificate {
  return {
    ...(settings.clientPfxPath && { pfx: readFileSync(settings.clientPfxPath) }),
    ...(settings.clientCertPath && { cert: readFileSync(settings.clientCertPath) }),
    ...(settings.clientKeyPath && { key: readFileSync(settings.clientKeyPath) }),
    ...(settings.passphrase && { passphrase: settings.passphrase }),
    ca: readFileSync(settings.caPath),
  };
}

/** BankID asks for no call to last long: its own answers come within a second or two. */
const requestTimeoutMs = 10_000;

export function createBankIdClient(apiUrl: string, certificate: ClientCertificate) {
  // One keep-alive agent: BankID recommends reusing the TLS session between calls.
  const agent = new Agent({ ...certificate, keepAlive: true, maxSockets: 10, minVersion: "TLSv1.2" });
  const base = apiUrl.replace(/\/$/, "");

  function call<Result>(method: "auth" | "sign" | "collect" | "cancel", body: object): Promise<Result> {
    const payload = JSON.stringify(body);
    return new Promise<Result>((resolve, reject) => {
      const outgoing = request(
        `${base}/${method}`,
        {
          method: "POST",
          agent,
          timeout: requestTimeoutMs,
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : {};
            } catch {
              reject(new BankIdError("internalError", `Not JSON (HTTP ${response.statusCode})`, response.statusCode ?? 0));
              return;
            }
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              resolve(parsed as Result);
              return;
            }
            const error = parsed as { errorCode?: string; details?: string };
            reject(new BankIdError(error.errorCode ?? "internalError", error.details ?? "", status));
          });
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new BankIdError("requestTimeout", "No answer from BankID", 0)));
      outgoing.on("error", reject);
      outgoing.end(payload);
    });
  }

  return {
    auth: (input: AuthInput) => call<BankIdOrder>("auth", input),
    sign: (input: SignInput) => call<BankIdOrder>("sign", input),
    collect: (orderRef: string) => call<BankIdCollect>("collect", { orderRef }),
    cancel: (orderRef: string) => call<Record<string, never>>("cancel", { orderRef }),
    close: () => agent.destroy(),
  };
}

/** The app's BankID client, or null when BankID is not configured (ADR 272). */
export function createBankIdFromEnvironment(env: Environment): BankIdClient | null {
  return env.bankId ? createBankIdClient(env.bankId.apiUrl, certificatesFromEnvironment(env.bankId)) : null;
}
