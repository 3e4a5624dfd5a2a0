import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { BankIdDialog } from "../../../components/bankid-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { bankIdIdentityQuery } from "../../../lib/bankid-api.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useRefreshBankIdIdentity, useUnlinkBankId } from "./api.ts";
import "../../../components/bankid-translations.ts";

// ADR 272: the account's BankID in the security settings, where the firm has BankID configured:
// link it (the signed-in account is the proof that it is theirs), see whose it is with the personal
// identity number masked, unlink it.

export function BankIdSettings() {
  const { t } = useTranslation("bankid");
  const headingId = useId();
  const identity = useQuery(bankIdIdentityQuery);
  const refresh = useRefreshBankIdIdentity();
  const unlink = useUnlinkBankId();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!identity.data?.available) return null;
  const linked = identity.data.linked;

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="bankid-settings">
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {t("heading")}
      </h3>
      <p className="text-sm text-stone">{t("intro")}</p>
      {linked ? (
        <>
          <p className="text-sm text-ink" data-testid="bankid-linked">
            {t("linkedAs", { name: linked.name, personalNumber: linked.personalNumber })}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="text-ink"
            loading={unlink.isPending}
            onClick={() => unlink.mutate(undefined, { onSuccess: () => toast.success(t("unlinked")) })}
          >
            {t("unlink")}
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t("link")}
        </Button>
      )}
      {notice && (
        <Notice tone="error" title={t("title")}>
          <p>{notice}</p>
        </Notice>
      )}
      <BankIdDialog
        open={open}
        purpose="link"
        onClose={() => setOpen(false)}
        onDone={(outcome) => {
          setOpen(false);
          if (outcome === "linked") toast.success(t("linked"));
          else setNotice(t("linkedElsewhere"));
          void refresh();
        }}
      />
    </section>
  );
}
