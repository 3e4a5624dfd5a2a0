import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { offerPasskeyAutofill, useSignInWithPasskey } from "./api.ts";
import { isApiError } from "../../lib/api-client.ts";
import type { TFunction } from "../../lib/i18n.ts";
import { authErrorMessage } from "./auth-errors.ts";
import "./passkey-translations.ts";

// ADR 270: sign-in with a passkey on /login, two ways. Where the browser offers conditional
// mediation, the e-mail field (autocomplete "email webauthn") lists the site's passkeys as soon as
// the page is shown; everywhere the button opens the browser's own passkey prompt.

function passkeyFailure(error: unknown, t: TFunction<"passkeys">, tAuth: TFunction<"auth">): string {
  if (isApiError(error, "passkey_not_found")) return t("notFound");
  if (isApiError(error, "passkey_failed")) return t("failed");
  if (isApiError(error, "account_suspended")) return t("suspended");
  return authErrorMessage(error, tAuth);
}

type PasskeySignInProps = { onSignedIn: () => Promise<void> };

export function PasskeySignIn({ onSignedIn }: PasskeySignInProps) {
  const { t } = useTranslation("passkeys");
  const { t: tAuth } = useTranslation("auth");
  const signIn = useSignInWithPasskey({ inlineErrors: true });
  const [failure, setFailure] = useState<string | null>(null);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);

  // ADR 298: the passkey client (Better Auth's client and @simplewebauthn/browser) is not part of
  // /login's first view: the autofill starts at the first sign of a person at the page (the pointer
  // moves, a touch, a key), which comes before the e-mail field's list is opened.
  const [personPresent, setPersonPresent] = useState(false);
  useEffect(() => {
    const events = ["pointermove", "pointerdown", "touchstart", "keydown"] as const;
    const notice = () => setPersonPresent(true);
    for (const event of events) document.addEventListener(event, notice, { once: true, passive: true });
    return () => {
      for (const event of events) document.removeEventListener(event, notice);
    };
  }, []);

  useEffect(() => {
    if (!personPresent) return;
    let active = true;
    offerPasskeyAutofill().then(
      async (outcome) => {
        if (!active || outcome !== "signed-in") return;
        toast.success(t("signedIn"));
        await signedIn.current();
      },
      (error: unknown) => {
        if (active) setFailure(passkeyFailure(error, t, tAuth));
      },
    );
    return () => {
      active = false;
    };
  }, [personPresent, t, tAuth]);

  async function signInWithButton() {
    setFailure(null);
    try {
      const outcome = await signIn.mutateAsync(undefined);
      if (outcome === "cancelled") {
        setFailure(t("cancelled"));
        return;
      }
      toast.success(t("signedIn"));
      await onSignedIn();
    } catch (error) {
      setFailure(passkeyFailure(error, t, tAuth));
    }
  }

  return (
    <div className="mt-6 space-y-3" data-testid="passkey-sign-in">
      <div className="flex items-center gap-3 text-xs text-stone" aria-hidden="true">
        <span className="h-px flex-1 bg-ink-line/15" />
        {t("or")}
        <span className="h-px flex-1 bg-ink-line/15" />
      </div>
      <Button variant="outline" className="w-full text-ink" loading={signIn.isPending} onClick={() => void signInWithButton()}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {signIn.isPending ? t("signingIn") : t("signIn")}
      </Button>
      {failure && (
        <Notice tone="error" title={t("failedTitle")}>
          <p>{failure}</p>
        </Notice>
      )}
    </div>
  );
}
