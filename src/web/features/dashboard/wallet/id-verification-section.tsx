import { formatInstant } from "../../../../shared/time.ts";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clock, ExternalLink, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { IdVerificationView } from "../../../../shared/wallet.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { idDocumentFileUrl, idVerificationQuery, useDeleteIdDocument } from "./api.ts";
import { AddIdDialog } from "./add-id-dialog.tsx";
import "./wallet-translations.ts";

// docs/product.md §2 ID VERIFICATION: 'UPLOADED IDENTIFICATION' with the latest document's type and a status
// icon — pending (clock, amber), approved (check, green), rejected (x, red, with the reason) — or
// 'No ID card uploaded'; Delete after a confirmation; 'Add new Identification'. The status is in
// words too, never the colour alone (WCAG 2.2 1.4.1).

const statusLook = {
  pending: { Icon: Clock, className: "text-amber-800" },
  approved: { Icon: CircleCheck, className: "text-green-800" },
  rejected: { Icon: CircleX, className: "text-red-800" },
} as const;

function DocumentRow({ document, onDelete, deleting }: { document: IdVerificationView; onDelete: () => void; deleting: boolean }) {
  const { t, i18n } = useTranslation("wallet");
  const { Icon, className } = statusLook[document.status];
  const date = formatInstant(document.createdAt, i18n.language);
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-ink-line/15 bg-white p-4 sm:flex-row sm:items-center"
      data-testid="id-document"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className={`mt-0.5 h-6 w-6 shrink-0 ${className}`} aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-ink">{t(`id.types.${document.type}`)}</p>
          <p className={`text-sm font-semibold ${className}`} data-testid="id-status">
            {t(`id.status.${document.status}`)}
          </p>
          {document.status === "rejected" && document.rejectionReason && (
            <p className="mt-1 text-sm text-ink">{t("id.rejectedReason", { reason: document.rejectionReason })}</p>
          )}
          <p className="mt-1 text-xs text-stone">{t("id.uploadedOn", { date })}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {document.hasFile && (
          <a
            href={idDocumentFileUrl(document.id)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-semibold text-gold-deep underline underline-offset-4 hover:text-ink"
          >
            {t("id.view")}
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
        )}
        <Button variant="ghost" size="sm" disabled={deleting} onClick={onDelete}>
          {t("id.delete")}
        </Button>
      </div>
    </div>
  );
}

export function IdVerificationSection() {
  const { t } = useTranslation("wallet");
  const state = useQuery(idVerificationQuery);
  const remove = useDeleteIdDocument();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const latest = state.data?.latest ?? null;

  async function confirmDelete() {
    setConfirming(false);
    if (!latest) return;
    try {
      await remove.mutateAsync(latest.id);
      toast.success(t("id.deleted"), { description: t("id.deletedBody") });
    } catch {
      // 'Failed to delete verification.' comes from the query client's one error handler (ADR 025).
    }
  }

  return (
    <section aria-labelledby="id-verification-heading" className="mt-12">
      <h2 id="id-verification-heading" className="text-2xl">
        {t("id.heading")}
      </h2>
      <h3 className="mt-6 text-xs font-semibold tracking-[0.16em] text-gold-deep">{t("id.uploaded")}</h3>
      <div className="mt-3">
        <QueryState
          query={state}
          loadingLabel={t("id.loading")}
          loadingClassName="rounded-lg border border-ink-line/15 bg-white p-4"
          loading={
            <div className="space-y-2" aria-hidden="true">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-24" />
            </div>
          }
          errorTitle={t("id.loadFailed")}
          isEmpty={() => !latest}
          empty={
            <p className="rounded-lg border border-dashed border-ink-line/30 bg-white p-4 text-sm text-stone" data-testid="no-id">
              {t("id.none")}
            </p>
          }
        >
          {() => latest && <DocumentRow document={latest} deleting={remove.isPending} onDelete={() => setConfirming(true)} />}
        </QueryState>
      </div>
      {state.isSuccess && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t("id.addNew")}
          </Button>
          {latest && <span className="text-xs text-stone">{t("id.replaceNote")}</span>}
        </div>
      )}
      <AddIdDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("id.confirmTitle")}
        description={latest ? t("id.confirmBody", { type: t(`id.types.${latest.type}`) }) : ""}
        confirmLabel={t("id.confirmAction")}
        tone="danger"
        onConfirm={() => void confirmDelete()}
        testId="confirm-delete-id"
      />
    </section>
  );
}
