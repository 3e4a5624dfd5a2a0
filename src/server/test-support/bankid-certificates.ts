import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Certificates for the local BankID server (ADR 272), made by openssl as a relying party's would be:
// a CA of the test's own, the server's certificate for localhost and the relying party's client
// certificate, both signed by it, the client's also as a PKCS#12 file with a passphrase (BankID's
// test certificate comes as one: FPTestcert5_20240610.p12, passphrase "qwerty123").

export type BankIdTestCertificates = {
  directory: string;
  caPath: string;
  serverKey: Buffer;
  serverCert: Buffer;
  ca: Buffer;
  clientPfxPath: string;
  clientCertPath: string;
  clientKeyPath: string;
  passphrase: string;
  /** A client certificate from another CA, which the server must refuse. */
  strangerPfxPath: string;
  remove: () => void;
};

function openssl(directory: string, ...args: string[]) {
  execFileSync("openssl", args, { cwd: directory, stdio: "pipe" });
}

function signedBy(directory: string, caName: string, name: string, subject: string, extensions: string) {
  openssl(
    directory,
    "req",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.csr`,
    "-subj",
    subject,
  );
  writeFileSync(path.join(directory, `${name}.ext`), extensions);
  openssl(
    directory,
    "x509",
    "-req",
    "-in",
    `${name}.csr`,
    "-CA",
    `${caName}.crt`,
    "-CAkey",
    `${caName}.key`,
    "-CAcreateserial",
    "-out",
    `${name}.crt`,
    "-days",
    "2",
    "-extfile",
    `${name}.ext`,
  );
}

function authority(directory: string, name: string, subject: string) {
  openssl(
    directory,
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.crt`,
    "-days",
    "2",
    "-subj",
    subject,
  );
}

export function createBankIdTestCertificates(): BankIdTestCertificates {
  const directory = mkdtempSync(path.join(tmpdir(), "bankid-certificates-"));
  const passphrase = "qwerty123";
  authority(directory, "ca", "/CN=Nordic Shield test BankID CA");
  signedBy(directory, "ca", "server", "/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
  signedBy(directory, "ca", "client", "/O=Nordic Shield test/CN=Nordic Shield relying party", "extendedKeyUsage=clientAuth\n");
  openssl(
    directory,
    "pkcs12",
    "-export",
    "-out",
    "client.p12",
    "-inkey",
    "client.key",
    "-in",
    "client.crt",
    "-passout",
    `pass:${passphrase}`,
  );
  authority(directory, "stranger-ca", "/CN=Someone else's CA");
  signedBy(directory, "stranger-ca", "stranger", "/CN=Not the relying party", "extendedKeyUsage=clientAuth\n");
  openssl(
    directory,
    "pkcs12",
    "-export",
    "-out",
    "stranger.p12",
    "-inkey",
    "stranger.key",
    "-in",
    "stranger.crt",
    "-passout",
    `pass:${passphrase}`,
  );
  const file = (name: string) => path.join(directory, name);
  return {
    directory,
    caPath: file("ca.crt"),
    ca: readFileSync(file("ca.crt")),
    serverKey: readFileSync(file("server.key")),
    serverCert: readFileSync(file("server.crt")),
    clientPfxPath: file("client.p12"),
    clientCertPath: file("client.crt"),
    clientKeyPath: file("client.key"),
    passphrase,
    strangerPfxPath: file("stranger.p12"),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}
