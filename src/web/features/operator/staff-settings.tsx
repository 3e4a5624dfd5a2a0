import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { roles, type Role } from "../../../shared/roles.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { staffPolicyQuery, useGrantRole, useUpdateStaffPolicy, usersQuery } from "./api.ts";
import "./operator-translations.ts";

// Staff access (admins only; ADR 070): who has which role, and whether operators must sign in
// with two-factor authentication. Every change is audited on the server.

export function StaffSettings({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation("operator");
  const [search, setSearch] = useState("");
  const [submitted, setSubmitted] = useState("");
  const users = useQuery(usersQuery(submitted));
  const policy = useQuery(staffPolicyQuery);
  const role = useGrantRole();
  const twoFactor = useUpdateStaffPolicy();
  const saved = () => toast.success(t("dialogs.saved"));
  const find = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(search.trim());
  };
  return (
    <section className="container-page space-y-8 py-10" aria-labelledby="staff-heading" data-testid="staff-settings">
      <div>
        <p className="eyebrow">{t("eyebrow")}</p>
        <h1 id="staff-heading" className="mt-2 text-3xl">
          {t("staff.title")}
        </h1>
      </div>
      <div className="rounded-xl border border-ink-line/15 bg-white p-5">
        <QueryState query={policy} loading={<Skeleton className="h-8 w-64" />}>
          {(data) => (
            <Switch
              label={t("staff.twoFactor")}
              hint={t("staff.twoFactorHint")}
              checked={data.operatorTwoFactorRequired}
              disabled={twoFactor.isPending}
              onCheckedChange={(checked) => twoFactor.mutate({ operatorTwoFactorRequired: checked }, { onSuccess: saved })}
            />
          )}
        </QueryState>
      </div>
      <form onSubmit={find} className="flex flex-wrap items-end gap-3" role="search" aria-label={t("staff.search")}>
        <Field
          className="min-w-64 flex-1"
          label={t("staff.search")}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit">{t("staff.find")}</Button>
      </form>
      <QueryState
        query={users}
        loading={<Skeleton className="h-24 w-full" />}
        isEmpty={(data) => data.users.length === 0}
        empty={<EmptyState title={t("staff.empty")} titleLevel="h2" />}
      >
        {(data) => (
          <Table caption={t("staff.caption")} captionHidden>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("staff.user")}</TableHeaderCell>
                <TableHeaderCell>{t("staff.role")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.users.map((user) => (
                <TableRow key={user.id} data-testid="staff-row">
                  <TableCell>
                    <span className="font-semibold">{user.fullName || user.email}</span>
                    <span className="block text-xs text-stone">{user.email}</span>
                  </TableCell>
                  <TableCell className="min-w-48">
                    <Select
                      label={<span className="sr-only">{t("staff.roleOf", { email: user.email })}</span>}
                      value={user.role}
                      disabled={user.id === currentUserId || role.isPending}
                      onValueChange={(value) => role.mutate({ id: user.id, role: value as Role }, { onSuccess: saved })}
                      options={roles.map((value) => ({ value, label: t(`staff.roles.${value}`) }))}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
    </section>
  );
}
