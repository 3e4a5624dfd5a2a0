import { useQuery } from "@tanstack/react-query";
import { customerNameText } from "../../../shared/customer-names.ts";
import { useState } from "react";
import { Link } from "react-router";
import { formatDay, formatInstant } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { paymentSentence, paymentStatuses, type PaymentStatus } from "../../../shared/payments.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { Select } from "../../components/ui/select.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { exportUrl, paymentsListQuery, type PaymentsFilter } from "./api.ts";
import { paymentsNamespace } from "./payments-translations.ts";

// docs/payments.md "Operator" (ADR 190): the console's payments list — bookings with a payment,
// filtered by payment status, by start day and to the holds that run out before the 24-hour reply
// is due (docs/product.md §10) — each linking to its booking's ledger and refunds; and the period's
// exports for the accountant (CSV, SIE 4; docs/invoices.md "Export").

const linkButton =
  "inline-flex min-h-11 items-center rounded-md border border-ink-line/30 bg-white px-4 font-semibold text-ink hover:bg-paper focus-visible:ring-2 focus-visible:ring-gold";

export function PaymentsList() {
  const { t, i18n } = useTranslation(paymentsNamespace);
  const language = i18n.language;
  const today = operatorToday(new Date());
  const [filter, setFilter] = useState<PaymentsFilter>({
    status: "all",
    from: addDays(today, -30),
    to: addDays(today, 60),
    holdsExpiringBeforeReply: false,
  });
  const payments = useQuery(paymentsListQuery(filter));
  const change = (fields: Partial<PaymentsFilter>) => setFilter((current) => ({ ...current, ...fields }));

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl">{t("list.title")}</h1>
      <p className="mt-2 text-stone">{t("list.intro")}</p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[14rem_11rem_11rem_1fr] lg:items-end">
        <Select
          label={t("list.status")}
          value={filter.status}
          onValueChange={(value) => change({ status: value as PaymentStatus | "all" })}
          options={[
            { value: "all", label: t("list.allStatuses") },
            ...paymentStatuses
              .filter((status) => status !== "none")
              .map((status) => ({ value: status, label: t(`list.statuses.${status}`) })),
          ]}
        />
        <label className="flex flex-col text-sm font-semibold text-ink">
          {t("list.from")}
          <input
            type="date"
            className="field-input mt-1"
            value={filter.from}
            max={filter.to}
            onChange={(event) => event.target.value && change({ from: event.target.value })}
          />
        </label>
        <label className="flex flex-col text-sm font-semibold text-ink">
          {t("list.to")}
          <input
            type="date"
            className="field-input mt-1"
            value={filter.to}
            min={filter.from}
            onChange={(event) => event.target.value && change({ to: event.target.value })}
          />
        </label>
        <Checkbox
          label={t("list.holdsExpiring")}
          checked={filter.holdsExpiringBeforeReply}
          onCheckedChange={(checked) => change({ holdsExpiringBeforeReply: checked })}
        />
      </div>

      <div className="mt-8">
        <QueryState
          query={payments}
          loadingLabel={t("list.caption")}
          loadingClassName="space-y-2"
          loading={
            <>
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </>
          }
          errorTitle={t("list.loadFailed")}
          isEmpty={(data) => data.payments.length === 0}
          empty={
            <p className="text-sm text-stone" data-testid="payments-empty">
              {t("list.empty")}
            </p>
          }
        >
          {(data) => (
            <DataTable
              caption={t("list.caption")}
              captionHidden
              rows={data.payments}
              rowKey={(row) => row.bookingId}
              rowTestId="payment-row"
              columns={[
                {
                  id: "booking",
                  header: t("list.booking"),
                  cell: (row) => (
                    <Link className="font-mono font-semibold underline" to={`/admin/bookings/${encodeURIComponent(row.bookingId)}`}>
                      {row.reference}
                    </Link>
                  ),
                },
                { id: "customer", header: t("list.customer"), cell: (row) => customerNameText(row.customerName, language) },
                { id: "start", header: t("list.start"), className: "whitespace-nowrap", cell: (row) => formatDay(row.startDate, language) },
                {
                  id: "total",
                  header: t("list.total"),
                  className: "whitespace-nowrap",
                  cell: (row) => formatMoney(row.totalCents, language),
                },
                {
                  id: "money",
                  header: t("list.money"),
                  cell: (row) => (row.payment ? paymentSentence(row.status, row.payment, language) : "—"),
                },
                {
                  id: "hold",
                  header: t("list.holdExpires"),
                  cell: (row) =>
                    row.holdExpiresAt && row.payment?.status === "authorised" ? formatInstant(row.holdExpiresAt, language) : "—",
                },
              ]}
            />
          )}
        </QueryState>
      </div>

      <section aria-labelledby="payments-exports" className="mt-10">
        <h2 id="payments-exports" className="text-xl">
          {t("list.exports")}
        </h2>
        <p className="mt-1 text-sm text-stone">{t("list.exportsHint")}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <a className={linkButton} href={exportUrl("csv", filter.from, filter.to)} download>
            {t("list.exportCsv")}
          </a>
          <a className={linkButton} href={exportUrl("sie", filter.from, filter.to)} download>
            {t("list.exportSie")}
          </a>
        </div>
      </section>
    </div>
  );
}
