import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { formatDay } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import {
  documentPdfUrl,
  openPaymentsQuery,
  pendingCompaniesQuery,
  periodDocumentsQuery,
  useDecideCompany,
  useResolvePayment,
  useUploadBgMax,
} from "./api.ts";
import { invoicesNamespace } from "./invoices-translations.ts";

// docs/invoices.md: the console's invoicing: companies to approve (ADR 140), the bank's BgMax file
// and the payments left to resolve (ADR 144), the period's documents and the CSV export.

const holding = (
  <>
    <Skeleton className="h-10 w-full" />
    <Skeleton className="h-10 w-full" />
  </>
);

function Companies() {
  const { t } = useTranslation(invoicesNamespace);
  const companies = useQuery(pendingCompaniesQuery);
  const decide = useDecideCompany();
  return (
    <section aria-labelledby="companies-heading" className="mt-8">
      <h2 id="companies-heading" className="text-xl">
        {t("console.companies")}
      </h2>
      <QueryState
        query={companies}
        loadingLabel={t("console.companies")}
        loadingClassName="mt-4 space-y-2"
        loading={holding}
        errorTitle={t("console.loadFailed")}
        isEmpty={(data) => data.accounts.length === 0}
        empty={<p className="mt-3 text-sm text-stone">{t("console.companiesEmpty")}</p>}
      >
        {(data) => (
          <ul className="mt-4 divide-y divide-ink-line/15 rounded-md border border-ink-line/15 bg-white">
            {data.accounts.map((company) => (
              <li
                key={company.userId}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                data-testid="pending-company"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{company.companyName}</p>
                  <p className="text-sm text-stone">
                    {[company.organisationNumber, company.vatNumber, company.email].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      decide.mutate(
                        { userId: company.userId, decision: "approved" },
                        { onSuccess: () => toast.success(t("console.approved", { company: company.companyName })) },
                      )
                    }
                  >
                    {t("console.approve")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      decide.mutate(
                        { userId: company.userId, decision: "refused" },
                        { onSuccess: () => toast.success(t("console.refused", { company: company.companyName })) },
                      )
                    }
                  >
                    {t("console.refuse")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function BankPayments() {
  const { t, i18n } = useTranslation(invoicesNamespace);
  const payments = useQuery(openPaymentsQuery);
  const upload = useUploadBgMax();
  const resolve = useResolvePayment();
  const input = useRef<HTMLInputElement>(null);
  const [summary, setSummary] = useState<string | null>(null);
  return (
    <section aria-labelledby="bank-heading" className="mt-10">
      <h2 id="bank-heading" className="text-xl">
        {t("console.bank")}
      </h2>
      <p className="mt-1 text-sm text-stone" id="bgmax-hint">
        {t("console.uploadHint")}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-ink-line/30 bg-white px-4 font-semibold focus-within:ring-2 focus-within:ring-gold">
          {upload.isPending ? t("console.uploading") : t("console.upload")}
          <input
            ref={input}
            type="file"
            accept=".txt,.bgm,.dat,text/plain"
            className="sr-only"
            aria-describedby="bgmax-hint"
            data-testid="bgmax-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              upload.mutate(file, {
                onSuccess: (result) => {
                  const text = t("console.uploaded", { ...result });
                  setSummary(text);
                  toast.success(text);
                },
                onSettled: () => {
                  if (input.current) input.current.value = "";
                },
              });
            }}
          />
        </label>
      </div>
      {summary && (
        <p className="mt-3 text-sm" role="status" data-testid="bgmax-summary">
          {summary}
        </p>
      )}
      <h3 className="mt-6 text-lg">{t("console.open")}</h3>
      <QueryState
        query={payments}
        loadingLabel={t("console.open")}
        loadingClassName="mt-4 space-y-2"
        loading={holding}
        errorTitle={t("console.loadFailed")}
        isEmpty={(data) => data.payments.length === 0}
        empty={<p className="mt-2 text-sm text-stone">{t("console.openEmpty")}</p>}
      >
        {(data) => (
          <DataTable
            className="mt-3"
            caption={t("console.open")}
            captionHidden
            rows={data.payments}
            rowKey={(payment) => payment.id}
            rowTestId="open-payment"
            columns={[
              { id: "date", header: t("console.date"), cell: (payment) => formatDay(payment.depositDate, i18n.language) },
              {
                id: "reference",
                header: t("console.reference"),
                cell: (payment) => <span className="font-mono">{payment.reference || "—"}</span>,
              },
              { id: "amount", header: t("console.amount"), cell: (payment) => formatMoney(payment.amountCents, i18n.language) },
              { id: "invoice", header: t("console.invoice"), cell: (payment) => payment.documentNumber ?? "—" },
              {
                id: "outcome",
                header: t("console.outcome"),
                cell: (payment) => (
                  <Badge tone={payment.outcome === "unknown" ? "danger" : "warning"}>{t(`console.outcomes.${payment.outcome}`)}</Badge>
                ),
              },
              {
                id: "resolve",
                header: t("console.resolve"),
                headerHidden: true,
                cell: (payment) => (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      resolve.mutate(
                        { id: payment.id, note: t("console.resolveNote") },
                        { onSuccess: () => toast.success(t("console.resolved")) },
                      )
                    }
                  >
                    {t("console.resolve")}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

function Documents() {
  const { t, i18n } = useTranslation(invoicesNamespace);
  const today = operatorToday(new Date());
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const documents = useQuery(periodDocumentsQuery(from, to));
  return (
    <section aria-labelledby="documents-heading" className="mt-10">
      <h2 id="documents-heading" className="text-xl">
        {t("console.documents")}
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-semibold">
          {t("console.from")}
          <input
            type="date"
            className="field-input mt-1"
            value={from}
            max={to}
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
        </label>
        <label className="flex flex-col text-sm font-semibold">
          {t("console.to")}
          <input
            type="date"
            className="field-input mt-1"
            value={to}
            min={from}
            onChange={(event) => event.target.value && setTo(event.target.value)}
          />
        </label>
        <a
          className="inline-flex min-h-11 items-center rounded-md border border-ink-line/30 bg-white px-4 font-semibold"
          href={`/api/admin/invoicing/export.csv?from=${from}&to=${to}`}
          download
        >
          {t("console.export")}
        </a>
        <a
          className="inline-flex min-h-11 items-center rounded-md border border-ink-line/30 bg-white px-4 font-semibold"
          href={`/api/admin/invoicing/export.sie?from=${from}&to=${to}`}
          download
        >
          {t("console.exportSie")}
        </a>
      </div>
      <QueryState
        query={documents}
        loadingLabel={t("console.documents")}
        loadingClassName="mt-4 space-y-2"
        loading={holding}
        errorTitle={t("console.loadFailed")}
        isEmpty={(data) => data.documents.length === 0}
        empty={<p className="mt-3 text-sm text-stone">{t("console.documentsEmpty")}</p>}
      >
        {(data) => (
          <DataTable
            className="mt-3"
            caption={t("console.documents")}
            captionHidden
            rows={data.documents}
            rowKey={(document) => document.id}
            rowTestId="period-document"
            columns={[
              {
                id: "number",
                header: t("console.number"),
                cell: (document) => (
                  <a className="underline" href={documentPdfUrl(document.id, "operator")} download>
                    {t(`documents.kind.${document.kind}`)} {document.number}
                  </a>
                ),
              },
              { id: "buyer", header: t("console.buyer"), cell: (document) => document.buyerName },
              { id: "total", header: t("console.total"), cell: (document) => formatMoney(document.totalCents, i18n.language) },
              {
                id: "status",
                header: t("console.status"),
                cell: (document) => (document.status ? t(`documents.status.${document.status}`) : "—"),
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

export function OperatorInvoicing() {
  const { t } = useTranslation(invoicesNamespace);
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl">{t("console.title")}</h1>
      <Companies />
      <BankPayments />
      <Documents />
    </div>
  );
}
