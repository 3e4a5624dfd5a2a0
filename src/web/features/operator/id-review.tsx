import { useQuery } from "@tanstack/react-query";
import { IdCard } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { rejectIdSchema, type IdReviewItem } from "../../../shared/operator.ts";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { translateData, useTranslation } from "../../lib/i18n.ts";
import { idDocumentsQuery, useReviewIdDocument, type IdDocumentDecision } from "./api.ts";
import { formatInstant } from "../../../shared/time.ts";
import { IdHistory } from "./id-history.tsx";
import "./operator-translations.ts";

// Identity document review (ADR 070): the pending uploads, oldest first; the file opens in a new
// tab through the staff-only endpoint; approve, or reject with a reason the customer is told.

export function IdReview() {
  const { t, i18n } = useTranslation("operator");
  const documents = useQuery(idDocumentsQuery);
  const [rejecting, setRejecting] = useState<IdReviewItem | null>(null);
  const review = useReviewIdDocument();
  const decide = (input: IdDocumentDecision) =>
    review.mutate(input, {
      onSuccess: () => {
        toast.success(t("dialogs.saved"));
        setRejecting(null);
      },
    });
  return (
    <section className="container-page py-10" aria-labelledby="id-heading" data-testid="id-review">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="id-heading" className="mt-2 text-3xl">
        {t("ids.title")}
      </h1>
      <p className="mt-2 max-w-prose text-stone">{t("ids.intro")}</p>
      <div className="mt-8">
        <QueryState
          query={documents}
          loadingLabel={t("ids.loading")}
          loadingClassName="space-y-3"
          loading={
            <>
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </>
          }
          isEmpty={(data) => data.documents.length === 0}
          empty={<EmptyState icon={IdCard} title={t("ids.emptyTitle")} description={t("ids.emptyBody")} titleLevel="h2" />}
        >
          {(data) => (
            <ul className="space-y-4">
              {data.documents.map((document) => (
                <li key={document.id} className="rounded-xl border border-ink-line/15 bg-white p-5" data-testid="id-document">
                  <div className="flex flex-wrap items-start justify-between gap-4">
                    <div>
                      <h2 className="text-lg">{document.customerName || document.customerEmail}</h2>
                      <p className="text-sm text-stone">{document.customerEmail}</p>
                      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                        <Badge tone="warning">{translateData(t, "operator", `ids.types.${document.type}`, document.type)}</Badge>
                        <span className="text-stone">{t("ids.uploaded", { when: formatInstant(document.createdAt, i18n.language) })}</span>
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-3">
                      {document.hasFile && (
                        <a
                          href={`/api/admin/id-verifications/${document.id}/file`}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex min-h-11 items-center text-sm font-semibold text-gold-deep underline underline-offset-4"
                        >
                          {t("ids.view")}
                          <span className="sr-only"> {t("ids.newTab")}</span>
                        </a>
                      )}
                      <Button
                        size="sm"
                        loading={review.isPending && review.variables.id === document.id}
                        onClick={() => decide({ id: document.id, decision: "approve" })}
                      >
                        {t("ids.approve")}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setRejecting(document)}>
                        {t("ids.reject")}
                      </Button>
                    </div>
                  </div>
                  <IdHistory id={document.id} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <ReasonDialog
        // A new document starts with an empty reason.
        key={rejecting?.id}
        open={rejecting !== null}
        onRequestClose={() => setRejecting(null)}
        title={t("ids.rejectTitle")}
        description={t("ids.rejectDescription")}
        closeLabel={t("dialogs.close")}
        schema={rejectIdSchema}
        label={t("dialogs.reason")}
        maxLength={500}
        requiredMessage={t("dialogs.reasonRequired")}
        submitLabel={t("ids.reject")}
        submitVariant="danger"
        pending={review.isPending}
        onReason={(reason) => rejecting && decide({ id: rejecting.id, decision: "reject", reason: reason ?? "" })}
      />
    </section>
  );
}
