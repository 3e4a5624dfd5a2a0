import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { BankIdDialog } from "../../components/bankid-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { bankIdAvailabilityQuery } from "../../lib/bankid-api.ts";
import { useTranslation } from "../../lib/i18n.ts";
import "../../components/bankid-translations.ts";

// ADR 272: "Continue with BankID" on /login, where the firm has BankID configured. A BankID linked
// to an account signs it in; one linked to none is told how to link it (the account is proven
// first, by its password or e-mailed code, then BankID is linked under Security).

export function BankIdSignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation("bankid");
  const { t: tPasskeys } = useTranslation("passkeys");
  const availability = useQuery(bankIdAvailabilityQuery);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!availability.data?.available) return null;

  return (
    <div className="mt-3" data-testid="bankid-sign-in">
      <Button variant="outline" className="w-full text-ink" onClick={() => setOpen(true)}>
        {t("continue")}
      </Button>
      {notice && (
        <div className="mt-3">
          <Notice tone="info" title={t("title")}>
            <p>{notice}</p>
          </Notice>
        </div>
      )}
      <BankIdDialog
        open={open}
        purpose="sign-in"
        onClose={() => setOpen(false)}
        onDone={(outcome) => {
          setOpen(false);
          if (outcome === "signedIn") {
            toast.success(tPasskeys("signedIn"));
            void onSignedIn();
          } else setNotice(t("noAccount"));
        }}
      />
    </div>
  );
}
