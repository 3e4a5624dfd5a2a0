import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Environment } from "../env.ts";
import { ensurePrivateFile } from "../storage/private-files.ts";
import { createBankIdTestCertificates } from "./bankid-certificates.ts";
import { startLocalBankIdServer } from "./bankid-server.ts";

// BANKID_LOCAL_SERVER=1 (development only, ADR 272): the project's own BankID server starts beside
// the app with certificates made for this run, and the app talks to it as it would to BankID's
// test environment. Every order completes for the test person after a few hints. The key the
// personal numbers are encrypted with stays in DATA_DIR, so linked identities survive a restart.

export async function withDevelopmentBankId(env: Environment) {
  const certificates = createBankIdTestCertificates();
  const server = await startLocalBankIdServer({ certificates });
  const keyFile = path.join(env.dataDirectory, "bankid-development-personal-number.key");
  ensurePrivateFile(keyFile);
  if (readFileSync(keyFile, "utf8").trim() === "") writeFileSync(keyFile, randomBytes(32).toString("hex"));
  const bankId: NonNullable<Environment["bankId"]> = {
    apiUrl: server.url,
    clientPfxPath: certificates.clientPfxPath,
    clientCertPath: undefined,
    clientKeyPath: undefined,
    passphrase: certificates.passphrase,
    caPath: certificates.caPath,
    personalNumberKey: Buffer.from(readFileSync(keyFile, "utf8").trim(), "hex"),
  };
  return {
    env: { ...env, bankId },
    stop: async () => {
      await server.close();
      certificates.remove();
    },
  };
}
