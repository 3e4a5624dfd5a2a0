import { passkey } from "@better-auth/passkey";

// ADR 270: passkeys (W3C Web Authentication Level 2) through Better Auth's passkey plugin, on
// migration 0045's `passkeys` table. The relying party is the site itself: its id is APP_URL's host
// (WebAuthn §5.1.4: an IP address cannot be a relying party id, so journeys use localhost) and the
// only origin accepted is APP_URL's, never the request's own Origin header.

export function passkeyPlugin(appUrl: string) {
  const site = new URL(appUrl);
  return passkey({
    rpID: site.hostname,
    rpName: "Nordic Shield",
    origin: site.origin,
    // A discoverable credential lets the browser offer the passkey in the e-mail field (conditional
    // mediation) without an address typed first; the device's own check (PIN, face) is asked for.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    schema: {
      passkey: {
        modelName: "passkeys",
        fields: {
          publicKey: "public_key",
          userId: "user_id",
          credentialID: "credential_id",
          deviceType: "device_type",
          backedUp: "backed_up",
          createdAt: "created_at",
        },
      },
    },
  });
}
