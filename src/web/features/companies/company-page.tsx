import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import {
  assignableCompanyRoles,
  companyDecisionSchema,
  companyInvitationSchema,
  companyPolicyFormSchema,
  companyRoleMay,
  policyFormValues,
  type CompanyBookingFilter,
  type CompanyBookingView,
  type CompanyView,
} from "../../../shared/companies.ts";
import { bookingStatuses } from "../../../shared/booking-lifecycle.ts";
import { formatMoney } from "../../../shared/money.ts";
import { serviceTypes } from "../../../shared/service-types.ts";
import { formatDay, formatDayRange, operatorToday } from "../../../shared/time.ts";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import {
  companyBookingsQuery,
  companyDocumentsQuery,
  companyQuery,
  companySpendCsvUrl,
  companySpendQuery,
  documentPdfUrl,
  myCompaniesQuery,
  useAcceptInvitation,
  useApproveBooking,
  useChangeRole,
  useDeclineBooking,
  useDelegate,
  useInviteMember,
  useRemoveMember,
  useSavePolicy,
} from "./api.ts";
import { companiesNamespace } from "./companies-translations.ts";

// docs/companies.md: the company page of MY ACCOUNT. What a member sees follows their role
// (ADR 277): everyone their invitations and the company's bookings they may see; approvers the
// bookings awaiting them (an approval mail's link lands here with ?approve=<booking>); owners and
// administrators the members, the policy, the spend and the invoices.

const allValue = "all";
const sectionClass = "mt-8 border-t border-ink-line/15 pt-6";
const headingClass = "text-xl tracking-[0.06em]";

export function CompanyPage() {
  const { t } = useTranslation(companiesNamespace);
  const mine = useQuery(myCompaniesQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <section aria-labelledby="company-heading" data-testid="company-page">
      <h2 id="company-heading" className="text-2xl tracking-[0.08em]">
        {t("heading")}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-stone">{t("intro")}</p>
      {/* ADR 260: the screen's one ladder of loading, failure and nothing to show. */}
      <QueryState
        query={mine}
        loadingClassName="mt-6 flex items-center gap-2 text-sm text-stone"
        loading={
          <>
            <Spinner className="h-5 w-5 text-gold-deep" />
            {t("loading")}
          </>
        }
        errorTitle={t("loadFailed")}
        errorClassName="mt-6"
        isEmpty={(data) => data.companies.length === 0 && data.invitations.length === 0}
        empty={<EmptyState className="mt-6" icon={Building2} title={t("heading")} description={t("none")} />}
      >
        {(data) => (
          <>
            <Invitations invitations={data.invitations} />
            {data.companies.length > 1 && (
              <div className="mt-6 max-w-sm">
                <Select
                  label={t("choose")}
                  value={chosen ?? data.companies[0]?.id}
                  onValueChange={setChosen}
                  options={data.companies.map((company) => ({ value: company.id, label: company.name }))}
                />
              </div>
            )}
            {data.companies.length > 0 && <CompanyDetail companyId={chosen ?? data.companies[0]?.id ?? ""} />}
          </>
        )}
      </QueryState>
    </section>
  );
}

function Invitations({ invitations }: { invitations: { id: string; companyName: string; role: string }[] }) {
  const { t } = useTranslation(companiesNamespace);
  const accept = useAcceptInvitation();
  if (invitations.length === 0) return null;
  return (
    <div className="mt-6" data-testid="company-invitations">
      <h3 className={headingClass}>{t("invitations.title")}</h3>
      <ul className="mt-3 space-y-3">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-ink-line/15 p-4">
            <span className="text-sm">
              {t("invitations.body", { company: invitation.companyName, role: roleText(t, invitation.role) })}
            </span>
            <Button
              size="sm"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(invitation.id, {
                  onSuccess: () => toast.success(t("invitations.accepted", { company: invitation.companyName })),
                })
              }
            >
              {t("invitations.accept")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

type T = ReturnType<typeof useTranslation<"companies">>["t"];
function roleText(t: T, role: string) {
  const key = `roles.${role}`;
  return isTranslationKey("companies", key) ? t(key) : role;
}
function statusText(t: T, status: string) {
  const key = `status.${status}`;
  return isTranslationKey("companies", key) ? t(key) : status;
}

function CompanyDetail({ companyId }: { companyId: string }) {
  const { t } = useTranslation(companiesNamespace);
  const company = useQuery(companyQuery(companyId));
  return (
    <QueryState
      query={company}
      loadingClassName="mt-6"
      loadingLabel={t("loading")}
      loading={<Spinner className="h-5 w-5 text-gold-deep" />}
      errorTitle={t("loadFailed")}
      errorClassName="mt-6"
    >
      {(view) => <CompanyDetailView view={view} />}
    </QueryState>
  );
}

function CompanyDetailView({ view }: { view: CompanyView }) {
  const { t } = useTranslation(companiesNamespace);
  return (
    <div className="mt-6" data-testid="company-detail">
      <h3 className="text-xl font-semibold">{view.name}</h3>
      <p className="text-sm text-stone">{t("yourRole", { role: roleText(t, view.role) })}</p>
      {companyRoleMay(view.role, "approve") && <Approvals company={view} />}
      <Bookings company={view} />
      {companyRoleMay(view.role, "seeInvoices") && <Spend companyId={view.id} />}
      {companyRoleMay(view.role, "seeInvoices") && <Documents companyId={view.id} />}
      {companyRoleMay(view.role, "manageMembers") && <Members company={view} />}
      {companyRoleMay(view.role, "approve") && <Delegation company={view} />}
      {companyRoleMay(view.role, "managePolicy") && <Policy company={view} />}
    </div>
  );
}

function BookingLine({ booking }: { booking: CompanyBookingView }) {
  const { t, i18n } = useTranslation(companiesNamespace);
  return (
    <div className="min-w-0">
      <p className="font-semibold">
        {booking.location} · {formatDayRange(booking.startDate, booking.endDate, i18n.language)}
      </p>
      <p className="text-sm text-stone">
        {booking.reference} · {booking.bookerName} · {formatMoney(booking.totalCents, i18n.language)}
        {booking.costCentre && ` · ${t("bookings.costCentre")}: ${booking.costCentre}`}
        {booking.poReference && ` · ${t("bookings.poReference")}: ${booking.poReference}`}
      </p>
    </div>
  );
}

function Approvals({ company }: { company: CompanyView }) {
  const { t } = useTranslation(companiesNamespace);
  const [search] = useSearchParams();
  const highlighted = search.get("approve");
  const waiting = useQuery(companyBookingsQuery(company.id, { status: "awaiting_company_approval" }));
  const approve = useApproveBooking();
  const decline = useDeclineBooking();
  const [declining, setDeclining] = useState<string | null>(null);
  return (
    <div className={sectionClass} data-testid="company-approvals">
      <h4 className={headingClass}>{t("approvals.title")}</h4>
      <QueryState
        query={waiting}
        loadingClassName="mt-3"
        loadingLabel={t("loading")}
        loading={<Spinner className="h-5 w-5 text-gold-deep" />}
        errorTitle={t("loadFailed")}
        errorClassName="mt-3"
        isEmpty={(rows) => !rows.some((booking) => booking.canDecide)}
        empty={<p className="mt-3 text-sm text-stone">{t("approvals.empty")}</p>}
      >
        {(rows) => (
          <ul className="mt-3 space-y-3">
            {rows
              .filter((booking) => booking.canDecide)
              .map((booking) => (
                <li
                  key={booking.id}
                  data-testid="awaiting-approval"
                  className={`flex flex-wrap items-center justify-between gap-3 rounded-md border p-4 ${booking.id === highlighted ? "border-gold-deep bg-gold/10" : "border-ink-line/15"}`}
                >
                  <div className="min-w-0">
                    <BookingLine booking={booking} />
                    <p className="text-sm text-stone">
                      {t("approvals.because", {
                        reasons: booking.approvalReasons.map((reason) => t(`approvals.reasons.${reason}`)).join(", "),
                      })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={approve.isPending}
                      onClick={() => approve.mutate(booking.id, { onSuccess: () => toast.success(t("approvals.approved")) })}
                    >
                      {t("approvals.approve")}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setDeclining(booking.id)}>
                      {t("approvals.decline")}
                    </Button>
                  </div>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
      <ReasonDialog
        open={declining !== null}
        onRequestClose={() => setDeclining(null)}
        title={t("approvals.declineTitle")}
        description={t("approvals.declineDescription")}
        closeLabel={t("approvals.cancel")}
        schema={companyDecisionSchema}
        label={t("approvals.reason")}
        optional
        maxLength={500}
        requiredMessage={t("approvals.reasonRequired")}
        submitLabel={t("approvals.decline")}
        submitVariant="danger"
        pending={decline.isPending}
        onReason={(reason) => {
          if (!declining) return;
          decline.mutate(
            { bookingId: declining, reason },
            {
              onSuccess: () => {
                setDeclining(null);
                toast.success(t("approvals.declined"));
              },
            },
          );
        }}
      />
    </div>
  );
}

function Bookings({ company }: { company: CompanyView }) {
  const { t } = useTranslation(companiesNamespace);
  const [filter, setFilter] = useState<CompanyBookingFilter>({});
  const bookings = useQuery(companyBookingsQuery(company.id, filter));
  // Radix Select has no empty value: "all" stands for no filter.
  const all = { value: allValue, label: t("bookings.all") };
  const set = (key: keyof CompanyBookingFilter) => (value: string) =>
    setFilter((current) => ({ ...current, [key]: value === allValue ? undefined : value }));
  return (
    <div className={sectionClass} data-testid="company-bookings">
      <h4 className={headingClass}>{t("bookings.title")}</h4>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {company.members.length > 0 && (
          <Select
            label={t("bookings.booker")}
            value={filter.booker ?? allValue}
            onValueChange={set("booker")}
            options={[all, ...company.members.map((member) => ({ value: member.userId, label: member.name || member.email }))]}
          />
        )}
        <Select
          label={t("bookings.costCentre")}
          value={filter.costCentre ?? allValue}
          onValueChange={set("costCentre")}
          options={[all, ...company.policy.costCentres.map((centre) => ({ value: centre, label: centre }))]}
        />
        <Select
          label={t("bookings.status")}
          value={filter.status ?? allValue}
          onValueChange={set("status")}
          options={[all, ...bookingStatuses.map((status) => ({ value: status, label: statusText(t, status) }))]}
        />
      </div>
      <QueryState
        query={bookings}
        loadingClassName="mt-3"
        loadingLabel={t("loading")}
        loading={<Spinner className="h-5 w-5 text-gold-deep" />}
        errorTitle={t("loadFailed")}
        errorClassName="mt-3"
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="mt-3 text-sm text-stone">{t("bookings.empty")}</p>}
      >
        {(rows) => (
          <ul className="mt-3 space-y-3">
            {rows.map((booking) => (
              <li
                key={booking.id}
                data-testid="company-booking"
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-ink-line/15 p-4"
              >
                <BookingLine booking={booking} />
                <Badge tone={booking.status === "confirmed" ? "success" : booking.status.startsWith("declined") ? "danger" : "neutral"}>
                  {statusText(t, booking.status)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function Spend({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation(companiesNamespace);
  const spend = useQuery(companySpendQuery(companyId));
  return (
    <div className={sectionClass} data-testid="company-spend">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 className={headingClass}>{t("spend.title")}</h4>
        <a className="text-sm font-semibold text-gold-deep underline" href={companySpendCsvUrl(companyId)} download>
          {t("spend.download")}
        </a>
      </div>
      <QueryState
        query={spend}
        loadingClassName="mt-3"
        loadingLabel={t("loading")}
        loading={<Spinner className="h-5 w-5 text-gold-deep" />}
        errorTitle={t("loadFailed")}
        errorClassName="mt-3"
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="mt-3 text-sm text-stone">{t("spend.empty")}</p>}
      >
        {(rows) => (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1">
                  {t("spend.month")}
                </th>
                <th scope="col" className="py-1">
                  {t("bookings.costCentre")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("spend.bookings")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("spend.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.month}-${row.costCentre}`} className="border-t border-ink-line/10">
                  <td className="py-1">{row.month}</td>
                  <td className="py-1">{row.costCentre || t("spend.none")}</td>
                  <td className="py-1 text-right">{row.bookings}</td>
                  <td className="py-1 text-right">{formatMoney(row.totalCents, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </div>
  );
}

function Documents({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation(companiesNamespace);
  const documents = useQuery(companyDocumentsQuery(companyId));
  return (
    <div className={sectionClass} data-testid="company-documents">
      <h4 className={headingClass}>{t("documents.title")}</h4>
      <QueryState
        query={documents}
        loadingClassName="mt-3"
        loadingLabel={t("loading")}
        loading={<Spinner className="h-5 w-5 text-gold-deep" />}
        errorTitle={t("loadFailed")}
        errorClassName="mt-3"
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="mt-3 text-sm text-stone">{t("documents.empty")}</p>}
      >
        {(rows) => (
          <ul className="mt-3 space-y-2">
            {rows.map((document) => (
              <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {t(document.kind === "credit-note" ? "documents.credit-note" : "documents.invoice", { number: document.number })} ·{" "}
                  {formatDay(document.issueDate, i18n.language)} · {formatMoney(document.totalCents, i18n.language)}
                  {document.costCentre && ` · ${document.costCentre}`}
                </span>
                <a className="font-semibold text-gold-deep underline" href={documentPdfUrl(document.id)}>
                  {t("documents.download")}
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function Members({ company }: { company: CompanyView }) {
  const { t, i18n } = useTranslation(companiesNamespace);
  const invite = useInviteMember(company.id, i18n.language);
  const changeRole = useChangeRole(company.id);
  const remove = useRemoveMember(company.id);
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
  const form = useForm({ resolver: zodResolver(companyInvitationSchema), defaultValues: { email: "", role: "booker" as const } });
  const errors = form.formState.errors;
  const message = (text: string | undefined) => (text && isTranslationKey("companies", text) ? t(text) : text);
  const roleOptions = assignableCompanyRoles.map((role) => ({ value: role, label: roleText(t, role) }));
  const submit = form.handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      toast.success(t("members.invited", { email: input.email }));
      form.reset();
    } catch (failure) {
      if (isApiError(failure)) form.setError("email", { message: failure.message });
    }
  });
  return (
    <div className={sectionClass} data-testid="company-members">
      <h4 className={headingClass}>{t("members.title")}</h4>
      <ul className="mt-3 space-y-3">
        {company.members.map((member) => (
          <li
            key={member.userId}
            className="flex flex-wrap items-end justify-between gap-3 rounded-md border border-ink-line/15 p-4"
            data-testid="company-member"
          >
            <div className="min-w-0">
              <p className="font-semibold">{member.name || member.email}</p>
              <p className="truncate text-sm text-stone">{member.email}</p>
            </div>
            {member.role === "owner" ? (
              <Badge tone="neutral">{roleText(t, member.role)}</Badge>
            ) : (
              <div className="flex flex-wrap items-end gap-2">
                <Select
                  label={t("members.role")}
                  value={member.role}
                  onValueChange={(role) =>
                    changeRole.mutate({ userId: member.userId, role }, { onSuccess: () => toast.success(t("members.changed")) })
                  }
                  options={roleOptions}
                />
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setRemoving({ userId: member.userId, name: member.name || member.email })}
                >
                  {t("members.remove")}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {company.invitations.map((invitation) => (
        <p key={invitation.id} className="mt-2 text-sm text-stone">
          {t("members.pending", { email: invitation.email, role: roleText(t, invitation.role) })}
        </p>
      ))}
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" noValidate>
        <Field
          label={t("members.email")}
          type="email"
          autoComplete="off"
          error={message(errors.email?.message)}
          {...form.register("email")}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select label={t("members.role")} value={field.value} onValueChange={field.onChange} options={roleOptions} />
          )}
        />
        <Button type="submit" disabled={invite.isPending}>
          {t("members.send")}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("members.removeTitle", { name: removing?.name ?? "" })}
        description={t("members.removeBody", { name: removing?.name ?? "" })}
        confirmLabel={t("members.remove")}
        tone="danger"
        onConfirm={() => {
          if (!removing) return;
          const name = removing.name;
          remove.mutate(removing.userId, { onSuccess: () => toast.success(t("members.removed", { name })) });
        }}
      />
    </div>
  );
}

const delegationFormSchema = z.object({ delegateUserId: z.string().min(1), untilDate: z.iso.date() });

function Delegation({ company }: { company: CompanyView }) {
  const { t, i18n } = useTranslation(companiesNamespace);
  const delegate = useDelegate(company.id);
  const candidates = company.members.filter((member) => member.userId !== company.memberId);
  const form = useForm({
    resolver: zodResolver(delegationFormSchema),
    defaultValues: {
      delegateUserId: company.delegation?.delegateUserId ?? "",
      untilDate: company.delegation?.untilDate ?? operatorToday(new Date()),
    },
  });
  if (candidates.length === 0) return null;
  const submit = form.handleSubmit((input) => delegate.mutate(input, { onSuccess: () => toast.success(t("delegation.saved")) }));
  return (
    <div className={sectionClass} data-testid="company-delegation">
      <h4 className={headingClass}>{t("delegation.title")}</h4>
      {company.delegation && (
        <p className="mt-2 text-sm text-stone">
          {t("delegation.current", { date: formatDay(company.delegation.untilDate, i18n.language) })}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} className="mt-3 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" noValidate>
        <Controller
          control={form.control}
          name="delegateUserId"
          render={({ field }) => (
            <Select
              label={t("delegation.to")}
              value={field.value}
              onValueChange={field.onChange}
              options={candidates.map((member) => ({ value: member.userId, label: member.name || member.email }))}
            />
          )}
        />
        <Field label={t("delegation.until")} type="date" {...form.register("untilDate")} />
        <Button type="submit" variant="outline" disabled={delegate.isPending}>
          {t("delegation.save")}
        </Button>
      </form>
    </div>
  );
}

function Policy({ company }: { company: CompanyView }) {
  const { t } = useTranslation(companiesNamespace);
  const save = useSavePolicy(company.id);
  const form = useForm({ resolver: zodResolver(companyPolicyFormSchema), defaultValues: policyFormValues(company.policy) });
  const errors = form.formState.errors;
  const message = (text: string | undefined) => (text && isTranslationKey("companies", text) ? t(text) : text);
  const submit = form.handleSubmit((policy) => save.mutate(policy, { onSuccess: () => toast.success(t("policy.saved")) }));
  const checkbox = (
    name: "requiresCostCentre" | "requiresReference" | "sharesAllBookings" | "always" | "outsideOfficeHours",
    label: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <Checkbox label={label} checked={field.value} onCheckedChange={(checked) => field.onChange(checked)} />}
    />
  );
  return (
    <div className={sectionClass} data-testid="company-policy">
      <h4 className={headingClass}>{t("policy.title")}</h4>
      <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-4" noValidate>
        <Textarea
          label={t("policy.costCentres")}
          hint={t("policy.costCentresHint")}
          rows={4}
          error={message(errors.costCentresText?.message)}
          {...form.register("costCentresText")}
        />
        {checkbox("requiresCostCentre", t("policy.requiresCostCentre"))}
        {checkbox("requiresReference", t("policy.requiresReference"))}
        {checkbox("sharesAllBookings", t("policy.sharesAll"))}
        <fieldset className="space-y-3">
          <legend className="font-semibold">{t("policy.approvalTitle")}</legend>
          {checkbox("always", t("policy.always"))}
          <Field
            label={t("policy.aboveAmount")}
            hint={t("policy.aboveAmountHint")}
            inputMode="decimal"
            error={message(errors.aboveEuros?.message)}
            {...form.register("aboveEuros")}
          />
          {checkbox("outsideOfficeHours", t("policy.outsideOfficeHours"))}
          <Controller
            control={form.control}
            name="serviceTypes"
            render={({ field }) => (
              <fieldset className="space-y-2">
                <legend className="text-sm">{t("policy.services")}</legend>
                {serviceTypes.map((type) => (
                  <Checkbox
                    key={type}
                    label={t(`serviceTypes.${type}`)}
                    checked={field.value.includes(type)}
                    onCheckedChange={(checked) =>
                      field.onChange(checked ? [...field.value, type] : field.value.filter((value) => value !== type))
                    }
                  />
                ))}
              </fieldset>
            )}
          />
        </fieldset>
        <Button type="submit" disabled={save.isPending}>
          {t("policy.save")}
        </Button>
      </form>
    </div>
  );
}
