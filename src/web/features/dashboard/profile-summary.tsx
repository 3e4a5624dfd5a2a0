import { useQuery } from "@tanstack/react-query";
import { siteConfig } from "../../../shared/site-config.ts";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { profileQuery } from "./api.ts";
import { useTranslation } from "../../lib/i18n.ts";
import "./dashboard-translations.ts";

// SPEC §2 Profile page ('Contact Details'), read-only for now: the editing, avatar, payment and
// ID parts are a later issue. Loading shows skeleton placeholders.

const fields = ["fullName", "phoneNumber", "email", "address", "city", "country", "postalCode"] as const;
const labelKeys: Record<(typeof fields)[number], string> = {
  fullName: "profile.fields.name",
  phoneNumber: "profile.fields.phone",
  email: "profile.fields.email",
  address: "profile.fields.address",
  city: "profile.fields.city",
  country: "profile.fields.country",
  postalCode: "profile.fields.postalCode",
};

export function ProfileSummary() {
  const { t } = useTranslation("dashboard");
  const profile = useQuery(profileQuery);

  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-2xl">
        {t("profile.heading")}
      </h2>
      {profile.isPending && (
        <div className="mt-6 grid gap-6 sm:grid-cols-2" role="status" aria-live="polite" data-testid="profile-skeleton">
          <span className="sr-only">{t("profile.heading")}…</span>
          {fields.map((field) => (
            <div key={field} className="space-y-2" aria-hidden="true">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-5 w-48 max-w-full" />
            </div>
          ))}
        </div>
      )}
      {profile.isError && (
        <div className="mt-6">
          <Notice tone="error" title={t("profile.loadFailed")}>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t("profile.retry")}
            </Button>
          </Notice>
        </div>
      )}
      {profile.data && (
        <>
          <dl
            className="mt-6 grid gap-x-8 gap-y-6 rounded-xl border border-ink-line/15 bg-white p-6 sm:grid-cols-2 sm:p-8"
            data-testid="profile-details"
          >
            {fields.map((field) => {
              const value = profile.data[field]?.trim();
              return (
                <div key={field} className={field === "address" ? "sm:col-span-2" : undefined}>
                  <dt className="text-xs font-semibold tracking-[0.16em] text-gold-deep">{t(labelKeys[field])}</dt>
                  <dd className={`mt-1 text-base break-words ${value ? "text-ink" : "text-stone italic"}`}>
                    {value || t("profile.notProvided")}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className="mt-4 text-sm text-stone">{t("profile.editingSoon", { email: siteConfig.supportEmail })}</p>
        </>
      )}
    </section>
  );
}
