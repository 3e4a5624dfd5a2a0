import { lazy, Suspense, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { bankIdAvailability } from "../../lib/bankid-api.ts";
import { useTranslation } from "../../lib/i18n.ts";
import "../../components/bankid-translations.ts";

// ADR 272: "Continue with BankID" on /login, where the firm has BankID configured. A BankID linked
// to an account signs it in; for one linked to none the person signs in (or signs up) with their
// e-mail below, which proves the account, and the page then links the BankID to it.
// ADR 298: the dialog (the kit's Radix dialog and the order's polling) loads when the button is
// pressed, not with /login's first view.
const BankIdDialog = lazy(() => import("../../components/bankid-dialog.tsx").then((module) => ({ default: module.BankIdDialog })));

type BankIdSignInProps = {
  onSignedIn: () => Promise<void>;
  /** BankID named a person linked to no account: the page links it once they sign in with their e-mail. */
  onUnlinkedPerson: (orderId: string) => void;
};

export function BankIdSignIn({ onSignedIn, onUnlinkedPerson }: BankIdSignInProps) {
  const { t } = useTranslation("bankid");
  const { t: tPasskeys } = useTranslation("passkeys");
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let active = true;
    void bankIdAvailability().then((answer) => {
      if (active) setAvailable(answer);
    });
    return () => {
      active = false;
    };
  }, []);
  const [open, setOpen] = useState(false);
  /** Once opened, the dialog stays mounted, so closing it animates and cancels its order as before. */
  const [dialogWanted, setDialogWanted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!available) return null;

  return (
    <div className="mt-3" data-testid="bankid-sign-in">
      <Button
        variant="outline"
        className="w-full text-ink"
        onClick={() => {
          setDialogWanted(true);
          setOpen(true);
        }}
      >
        {t("continue")}
      </Button>
      {notice && (
        <div className="mt-3">
          <Notice tone="info" title={t("title")}>
            <p>{notice}</p>
          </Notice>
        </div>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <BankIdDialog
            open={open}
            purpose="sign-in"
            onClose={() => setOpen(false)}
            onDone={(outcome, orderId) => {
              setOpen(false);
              if (outcome === "signedIn") {
                toast.success(tPasskeys("signedIn"));
                void onSignedIn();
                return;
              }
              onUnlinkedPerson(orderId);
              setNotice(t("noAccount"));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
