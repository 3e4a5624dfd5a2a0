import type { CDPSession, Page } from "@playwright/test";

// Chromium's virtual authenticator (Chrome DevTools Protocol, WebAuthn domain) for the passkey
// journeys (ADR 270): CTAP2 over the internal transport, resident keys, user verification that
// succeeds. It stores real keys and signs real challenges, as a phone's platform authenticator
// would, and answers every prompt at once (automatic presence), the autofill list included.

export type VirtualAuthenticator = { session: CDPSession; authenticatorId: string };

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const session = await page.context().newCDPSession(page);
  await session.send("WebAuthn.enable");
  const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { session, authenticatorId };
}

export async function storedCredentials({ session, authenticatorId }: VirtualAuthenticator) {
  const { credentials } = await session.send("WebAuthn.getCredentials", { authenticatorId });
  return credentials;
}

/** A browser without passkey autofill (conditional mediation), so /login offers only the button. */
export async function withoutPasskeyAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}
