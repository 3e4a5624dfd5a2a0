import { useQuery } from "@tanstack/react-query";
import type { AccountProfile } from "../../../../shared/account.ts";
import type { ProfileField } from "../../../../shared/profile.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { profileQuery } from "../api.ts";
import { AdditionalEmails } from "./additional-emails.tsx";
import { AvatarEditor } from "./avatar-editor.tsx";
import { EditableField, editableFieldId } from "./editable-field.tsx";
import { MissingDetailsBanner } from "./missing-details-banner.tsx";
import "./profile-translations.ts";

// docs/product.md §2 Profile page ('Contact Details'): avatar; NAME, PHONE NR., E-MAIL (the sign-in address,
// read-only), the additional e-mails, then the address block (once). Loading shows skeletons.

const addressFields: ProfileField[] = ["address", "city", "country", "postalCode"];

function focusField(field: ProfileField) {
  const input = document.getElementById(editableFieldId(field));
  input?.scrollIntoView({ block: "center", behavior: "smooth" });
  input?.focus({ preventScroll: true });
}

function Details({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation("profile");
  // Keyed by the saved value: a change saved elsewhere (the settings dialog) shows here too.
  const editable = (field: ProfileField, className?: string) => (
    <EditableField key={`${field}:${profile[field]}`} field={field} saved={profile[field]} className={className} />
  );
  return (
    <>
      <MissingDetailsBanner
        profile={profile}
        action={(first) => (
          <Button variant="outline" size="sm" onClick={() => focusField(first)}>
            {t("missing.action")}
          </Button>
        )}
      />
      <div className="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8" data-testid="profile-details">
        <AvatarEditor name={profile.fullName} avatarUrl={profile.avatarUrl} />
        <div className="mt-8 grid gap-x-8 gap-y-6 sm:grid-cols-2">
          {editable("fullName")}
          {editable("phoneNumber")}
          <Field
            className="sm:col-span-2"
            label={<span className="text-xs font-semibold tracking-[0.16em] text-gold-deep">{t("fields.email")}</span>}
            value={profile.email}
            readOnly
            hint={t("signInAddress")}
            type="email"
          />
        </div>
        <div className="mt-8 border-t border-ink-line/10 pt-6">
          <AdditionalEmails />
        </div>
        <section aria-labelledby="address-heading" className="mt-8 border-t border-ink-line/10 pt-6">
          <h3 id="address-heading" className="sr-only">
            {t("addressHeading")}
          </h3>
          <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
            {addressFields.map((field) => editable(field, field === "address" ? "sm:col-span-2" : undefined))}
          </div>
        </section>
      </div>
    </>
  );
}

export function ContactDetails() {
  const { t } = useTranslation("profile");
  const profile = useQuery(profileQuery);

  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="mb-6 text-2xl">
        {t("heading")}
      </h2>
      <QueryState
        query={profile}
        loadingLabel={t("loading")}
        loadingClassName="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8"
        loadingTestId="profile-skeleton"
        loading={
          <>
            <div className="flex items-center gap-4" aria-hidden="true">
              <Skeleton className="h-24 w-24 rounded-full" />
              <Skeleton className="h-5 w-40" />
            </div>
            <div className="mt-8 grid gap-6 sm:grid-cols-2" aria-hidden="true">
              {Array.from({ length: 7 }, (_, index) => (
                <div key={index} className="space-y-2">
                  <Skeleton className="h-3 w-24" />
                  <Skeleton className="h-11 w-full" />
                </div>
              ))}
            </div>
          </>
        }
        errorTitle={t("loadFailed")}
      >
        {(data) => <Details profile={data} />}
      </QueryState>
    </section>
  );
}
