import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankIdMessageFor, bankIdMessageForError } from "../../../shared/bankid.ts";
import { decryptPersonalNumber, encryptPersonalNumber, maskPersonalNumber, personalNumberLookup } from "../../security/personal-number.ts";
import { createBankIdTestCertificates, type BankIdTestCertificates } from "../../test-support/bankid-certificates.ts";
import { completes, fails, startLocalBankIdServer, testPerson, type LocalBankIdServer } from "../../test-support/bankid-server.ts";
import { loadEnvironment } from "../../env.ts";
import { BankIdError, createBankIdClient, type BankIdClient } from "./client.ts";
import { bankIdAutostartLink, bankIdQrContent } from "./qr.ts";

// ADR 272: the BankID adapter against the project's own BankID server over mutual TLS, with
// certificates made by openssl for the test; the QR code against BankID's published example.

describe("the animated QR code", () => {
  it("equals BankID's published example for its token, secret and seconds", () => {
    const token = "67df3917-fa0d-44e5-b327-edcc928297f8";
    const secret = "d28db9a7-4cde-429e-a983-359be676944c";
    expect(bankIdQrContent(token, secret, 0)).toBe(
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8",
    );
    expect(bankIdQrContent(token, secret, 1)).toBe(
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2",
    );
    // Whole seconds only, as the app checks them.
    expect(bankIdQrContent(token, secret, 1.9)).toBe(bankIdQrContent(token, secret, 1));
    expect(bankIdQrContent(token, secret, 5)).not.toContain(secret);
  });

  it("starts the app on this device with the order's autostart token and the way back", () => {
    expect(bankIdAutostartLink("c9f6e0b4-8f0a-4f0e-a0a5-1a1b1c1d1e1f", "https://book.nordicshield.se/login?bankid=1")).toBe(
      "bankid:///?autostarttoken=c9f6e0b4-8f0a-4f0e-a0a5-1a1b1c1d1e1f&redirect=https%3A%2F%2Fbook.nordicshield.se%2Flogin%3Fbankid%3D1",
    );
    expect(bankIdAutostartLink("token", null)).toBe("bankid:///?autostarttoken=token&redirect=null");
  });
});

describe("BankID's recommended messages", () => {
  it("names one for every hintCode and errorCode, by how the order was started", () => {
    expect(bankIdMessageFor({ status: "pending", hintCode: "outstandingTransaction" }, "qr")).toBe("RFA1");
    expect(bankIdMessageFor({ status: "pending", hintCode: "outstandingTransaction" }, "sameDevice")).toBe("RFA13");
    expect(bankIdMessageFor({ status: "pending", hintCode: "noClient" }, "qr")).toBe("RFA1");
    expect(bankIdMessageFor({ status: "pending", hintCode: "started" }, "sameDevice")).toBe("RFA15A");
    expect(bankIdMessageFor({ status: "pending", hintCode: "started" }, "qr")).toBe("RFA15B");
    expect(bankIdMessageFor({ status: "pending", hintCode: "userSign" }, "qr")).toBe("RFA9");
    expect(bankIdMessageFor({ status: "pending", hintCode: "userMrtd" }, "qr")).toBe("RFA23");
    expect(bankIdMessageFor({ status: "pending", hintCode: "somethingNew" }, "qr")).toBe("RFA21");
    expect(bankIdMessageFor({ status: "failed", hintCode: "expiredTransaction" }, "qr")).toBe("RFA8");
    expect(bankIdMessageFor({ status: "failed", hintCode: "certificateErr" }, "qr")).toBe("RFA16");
    expect(bankIdMessageFor({ status: "failed", hintCode: "userCancel" }, "qr")).toBe("RFA6");
    expect(bankIdMessageFor({ status: "failed", hintCode: "cancelled" }, "qr")).toBe("RFA3");
    expect(bankIdMessageFor({ status: "failed", hintCode: "startFailed" }, "qr")).toBe("RFA17B");
    expect(bankIdMessageFor({ status: "failed", hintCode: "startFailed" }, "sameDevice")).toBe("RFA17A");
    expect(bankIdMessageFor({ status: "failed", hintCode: "somethingNew" }, "qr")).toBe("RFA22");
    expect(bankIdMessageForError("alreadyInProgress")).toBe("RFA4");
    for (const code of ["requestTimeout", "maintenance", "internalError"]) expect(bankIdMessageForError(code)).toBe("RFA5");
    expect(bankIdMessageForError("invalidParameters")).toBe("RFA22");
  });
});

describe("personal identity numbers at rest", () => {
  const key = Buffer.alloc(32, 7);
  it("are encrypted with AES-256-GCM, found by a keyed hash and shown masked", () => {
    const stored = encryptPersonalNumber(key, "199001011239");
    expect(stored).not.toContain("199001011239");
    expect(encryptPersonalNumber(key, "199001011239")).not.toBe(stored);
    expect(decryptPersonalNumber(key, stored)).toBe("199001011239");
    expect(personalNumberLookup(key, "199001011239")).toBe(personalNumberLookup(key, "199001011239"));
    expect(personalNumberLookup(Buffer.alloc(32, 8), "199001011239")).not.toBe(personalNumberLookup(key, "199001011239"));
    expect(maskPersonalNumber("199001011239")).toBe("19900101-****");
    // A changed byte or another key is refused, never decrypted into something else.
    const tampered = `${stored.slice(0, -2)}${stored.endsWith("A") ? "B" : "A"}${stored.slice(-1)}`;
    expect(() => decryptPersonalNumber(key, tampered)).toThrow();
    expect(() => decryptPersonalNumber(Buffer.alloc(32, 9), stored)).toThrow();
  });
});

describe("the BankID client against the local BankID server (mutual TLS)", () => {
  let certificates: BankIdTestCertificates;
  let server: LocalBankIdServer;
  let client: BankIdClient;
  let clock = 0;

  beforeAll(async () => {
    certificates = createBankIdTestCertificates();
    server = await startLocalBankIdServer({ certificates, now: () => clock });
    client = createBankIdClient(server.url, {
      pfx: readFileSync(certificates.clientPfxPath),
      passphrase: certificates.passphrase,
      ca: certificates.ca,
    });
  });
  afterAll(async () => {
    client.close();
    await server.close();
    certificates.remove();
  });

  /** Collects as the service does: 2 s of the injected clock between two collects of one order. */
  async function collectUntilDone(orderRef: string) {
    const seen: string[] = [];
    for (;;) {
      clock += 2000;
      const result = await client.collect(orderRef);
      if (result.status !== "pending") return { seen, result };
      seen.push(result.hintCode);
    }
  }

  it("starts an auth order, collects its hints and completes with the person", async () => {
    server.play(completes());
    const order = await client.auth({ endUserIp: "203.0.113.7" });
    expect(Object.keys(order).sort()).toEqual(["autoStartToken", "orderRef", "qrStartSecret", "qrStartToken"]);
    const { seen, result } = await collectUntilDone(order.orderRef);
    expect(seen).toEqual(["outstandingTransaction", "started", "userSign"]);
    expect(result.status).toBe("complete");
    if (result.status !== "complete") return;
    expect(result.completionData.user).toEqual(testPerson);
    expect(result.completionData.signature.length).toBeGreaterThan(0);
    expect(result.completionData.ocspResponse.length).toBeGreaterThan(0);
    expect(server.calls.at(-1)?.clientName).toBe("Nordic Shield relying party");
    expect(server.problems).toEqual([]);
  });

  it.each(["userCancel", "expiredTransaction", "certificateErr", "startFailed"] as const)("reports the failure %s", async (hintCode) => {
    server.play(fails(hintCode));
    const order = await client.auth({ endUserIp: "203.0.113.7" });
    const { result } = await collectUntilDone(order.orderRef);
    expect(result).toEqual({ orderRef: order.orderRef, status: "failed", hintCode });
  });

  it("signs text the person reads (base64), and refuses a sign order without it", async () => {
    const text = Buffer.from("Booking NS-1042, total 19 960 kr").toString("base64");
    const order = await client.sign({ endUserIp: "203.0.113.7", userVisibleData: text, userVisibleDataFormat: "simpleMarkdownV1" });
    const { result } = await collectUntilDone(order.orderRef);
    expect(result.status === "complete" && Buffer.from(result.completionData.signature, "base64").toString()).toContain(text);
    await expect(client.sign({ endUserIp: "203.0.113.7" } as never)).rejects.toMatchObject({ errorCode: "invalidParameters" });
  });

  it("cancels an order, which then no longer collects", async () => {
    const order = await client.auth({ endUserIp: "203.0.113.7" });
    await client.cancel(order.orderRef);
    expect(server.orderOf(order.orderRef)?.cancelled).toBe(true);
    await expect(client.collect(order.orderRef)).rejects.toBeInstanceOf(BankIdError);
  });

  it("notes a collect sooner than 2 s after the previous one, as BankID would hold against us", async () => {
    const order = await client.auth({ endUserIp: "203.0.113.7" });
    clock += 2000;
    await client.collect(order.orderRef);
    clock += 500;
    await client.collect(order.orderRef);
    expect(server.problems.at(-1)).toContain("500 ms after the previous one");
    server.problems.length = 0;
  });

  it("works with a PEM certificate and key, and the server refuses a client certificate of another CA", async () => {
    const pem = createBankIdClient(server.url, {
      cert: readFileSync(certificates.clientCertPath),
      key: readFileSync(certificates.clientKeyPath),
      ca: certificates.ca,
    });
    await expect(pem.auth({ endUserIp: "203.0.113.7" })).resolves.toHaveProperty("orderRef");
    pem.close();
    const stranger = createBankIdClient(server.url, {
      pfx: readFileSync(certificates.strangerPfxPath),
      passphrase: certificates.passphrase,
      ca: certificates.ca,
    });
    await expect(stranger.auth({ endUserIp: "203.0.113.7" })).rejects.toThrow();
    stranger.close();
  });
});

describe("BankID configuration", () => {
  it("needs the certificate, the CA and the personal number key together, and keeps the local server out of production", () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "bankid-env-"));
    try {
      const base = { DATA_DIR: dataDirectory, BANKID_API_URL: "https://appapi2.test.bankid.com/rp/v6.0" };
      expect(() => loadEnvironment(base)).toThrow(/BANKID_CLIENT_PFX[\s\S]*BANKID_CA[\s\S]*BANKID_PERSONAL_NUMBER_KEY/);
      const complete = loadEnvironment({
        ...base,
        BANKID_CLIENT_PFX: "/etc/nordic-shield/bankid.p12",
        BANKID_CLIENT_PASSPHRASE: "secret",
        BANKID_CA: "/etc/nordic-shield/bankid-ca.pem",
        BANKID_PERSONAL_NUMBER_KEY: "ab".repeat(32),
      });
      expect(complete.bankId).toMatchObject({ apiUrl: "https://appapi2.test.bankid.com/rp/v6.0", passphrase: "secret" });
      expect(loadEnvironment({ DATA_DIR: dataDirectory }).bankId).toBeNull();
      expect(() => loadEnvironment({ ...base, BANKID_API_URL: "http://appapi2.test.bankid.com/rp/v6.0" })).toThrow(/BANKID_API_URL/);
      expect(() =>
        loadEnvironment({ DATA_DIR: dataDirectory, NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), BANKID_LOCAL_SERVER: "1" }),
      ).toThrow(/BANKID_LOCAL_SERVER/);
    } finally {
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  });
});
