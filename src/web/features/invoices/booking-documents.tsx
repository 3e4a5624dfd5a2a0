import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { formatDay } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.ts";
import { CardInstead } from "./card-instead.tsx";
import { CreditNoteAction } from "./credit-note-form.tsx";
import { bookingDocumentsQuery, businessQuery, documentPdfUrl, useChooseInvoice } from "./api.ts";
import { invoicesNamespace } from "./invoices-translations.ts";

// docs/invoices.md: a booking's invoices, receipts and credit notes, each a PDF link, and for the
// customer's pending booking the choice to pay by invoice (an approved company only).

export function BookingDocuments({
  bookingId,
  scope,
  paymentOnly = false,
}: {
  bookingId: string;
  scope: "customer" | "operator";
  /** The confirmation page: only the invoice choice, and only for a business customer. */
  paymentOnly?: boolean;
}) {
  const { t, i18n } = useTranslation(invoicesNamespace);
  const language = i18n.language;
  const session = useSession();
  // The confirmation page is open to visitors too, and names bookings that may not exist: there it
  // asks quietly, only when signed in, and only a business customer sees anything.
  const quiet = paymentOnly ? { meta: { inlineErrors: true as const, handlesUnauthorized: true } } : {};
  const business = useQuery({
    ...businessQuery,
    ...quiet,
    enabled: scope === "customer" && (!paymentOnly || session.status === "signed-in"),
  });
  const documents = useQuery({
    ...bookingDocumentsQuery(bookingId, scope),
    ...quiet,
    enabled: !paymentOnly || Boolean(business.data?.business),
  });
  const choose = useChooseInvoice(bookingId);
  const approved = business.data?.business?.status === "approved";
  const paysByInvoice = documents.data?.paymentMethod === "invoice";
  const pending = documents.data?.bookingStatus === "pending";

  if (paymentOnly) {
    if (!business.data?.business || !documents.data || (!pending && !paysByInvoice)) return null;
    return (
      <section aria-labelledby={`payment-${bookingId}`} className="mt-8" data-testid="invoice-payment">
        <h2 id={`payment-${bookingId}`} className="text-xl">
          {t("payment.heading")}
        </h2>
        <div className="mt-3">
          {paysByInvoice ? (
            <Notice tone="info" title={t("payment.invoiceChosen")} />
          ) : approved ? (
            <Button variant="secondary" loading={choose.isPending} onClick={() => choose.mutate()}>
              {t("payment.payByInvoice")}
            </Button>
          ) : (
            <p className="text-sm text-stone">{t("payment.notApproved")}</p>
          )}
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={`documents-${bookingId}`} className="mt-8" data-testid="booking-documents">
      <h2 id={`documents-${bookingId}`} className="text-xl">
        {t("documents.heading")}
      </h2>
      {scope === "customer" && documents.data && (
        <div className="mt-3" data-testid="invoice-payment">
          {paysByInvoice ? (
            <>
              <Notice tone="info" title={t("payment.invoiceChosen")} />
              {/* ADR 244: until the confirmation the invoice can give way to a card again. */}
              {pending && <CardInstead bookingId={bookingId} startDate={documents.data.startDate} />}
            </>
          ) : pending && approved ? (
            <Button variant="secondary" loading={choose.isPending} onClick={() => choose.mutate()}>
              {t("payment.payByInvoice")}
            </Button>
          ) : pending && business.data?.business ? (
            <p className="text-sm text-stone">{t("payment.notApproved")}</p>
          ) : null}
        </div>
      )}
      <QueryState
        query={documents}
        loadingLabel={t("documents.loading")}
        loadingClassName="mt-4 space-y-2"
        loading={<Skeleton className="h-12 w-full" />}
        errorTitle={t("documents.loadFailed")}
        errorClassName="mt-4"
        isEmpty={(data) => data.documents.length === 0}
        empty={<EmptyState className="mt-4" icon={FileText} title={t("documents.empty")} description={t("documents.emptyBody")} />}
      >
        {(data) => (
          <ul className="mt-4 divide-y divide-ink-line/15 rounded-md border border-ink-line/15 bg-white">
            {data.documents.map((document) => {
              const kind = t(`documents.kind.${document.kind}`);
              return (
                <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {kind} {document.number} · {formatMoney(document.totalCents, language)}
                    </p>
                    <p className="text-sm text-stone">
                      {[
                        document.dueDate && t("documents.due", { date: formatDay(document.dueDate, language) }),
                        document.ocrReference && t("documents.ocr", { reference: document.ocrReference }),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    {document.status && (
                      <span data-testid={`document-status-${document.number}`}>
                        <Badge tone={document.status === "paid" ? "success" : document.status === "unpaid" ? "warning" : "neutral"}>
                          {t(`documents.status.${document.status}`)}
                        </Badge>
                      </span>
                    )}
                    <a
                      className="inline-flex min-h-11 items-center font-semibold text-ink underline"
                      href={documentPdfUrl(document.id, scope)}
                      download
                    >
                      {t("documents.download", { kind, number: document.number })}
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {scope === "operator" && documents.data && <CreditNoteAction bookingId={bookingId} documents={documents.data} />}
    </section>
  );
}
