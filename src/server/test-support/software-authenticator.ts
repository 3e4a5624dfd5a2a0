import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// A platform authenticator in software for server tests of the passkey ceremonies (ADR 270): an
// ES256 key pair, "none" attestation and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON),
// byte for byte as W3C Web Authentication Level 2 §6.1 and §6.5 lay them out, so Better Auth's own
// verification (@simplewebauthn/server) checks them as it checks a phone's. The browser journeys use
// Chromium's virtual authenticator instead (e2e/passkeys.spec.ts).

/** Minimal CBOR (RFC 8949) for the attestation object and the COSE key: integers, text, bytes, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported value ${String(value)}`);
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;

export function createSoftwareAuthenticator(origin: string) {
  const rpIdHash = createHash("sha256").update(new URL(origin).hostname).digest();
  const credentialId = randomBytes(16);
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  let counter = 0;
  let userHandle = "";

  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  function coseKey(key: KeyObject): Buffer {
    const jwk = key.export({ format: "jwk" });
    return cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }

  function authenticatorData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  return {
    credentialId: base64url(credentialId),
    /** The answer of navigator.credentials.create() to Better Auth's registration options. */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey(publicKey)]);
      // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
      const authData = authenticatorData(0x45, attested);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: base64url(clientData("webauthn.create", options.challenge)),
          attestationObject: base64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** The answer of navigator.credentials.get() to Better Auth's authentication options. */
    authenticate(options: { challenge: string }) {
      counter += 1;
      const authData = authenticatorData(0x05);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signed = Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]);
      return {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: base64url(clientDataJSON),
          authenticatorData: base64url(authData),
          signature: base64url(sign("sha256", signed, privateKey)),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
