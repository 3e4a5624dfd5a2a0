import type { ReactNode } from "react";
import type { AccountProfile } from "../../../../shared/account.ts";
import { Notice } from "../../../components/ui/notice.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import "./profile-translations.ts";

// docs/product.md §3 sign-up form (b): an account made in the booking dialog has one address line and no
// city, country or postcode. The dashboard asks for them gently, once, with a way to add them.

const checkedFields = ["phoneNumber", "address", "city", "country", "postalCode"] as const;
export type MissingField = (typeof checkedFields)[number];

export function missingFields(profile: AccountProfile): MissingField[] {
  return checkedFields.filter((field) => profile[field].trim() === "");
}

export function MissingDetailsBanner({ profile, action }: { profile: AccountProfile; action: (first: MissingField) => ReactNode }) {
  const { t, i18n } = useTranslation("profile");
  const missing = missingFields(profile);
  const first = missing[0];
  if (!first) return null;
  const names = missing.map((field) => t(`missing.fields.${field}`));
  const list = new Intl.ListFormat(i18n.language, { style: "long", type: "conjunction" }).format(names);
  return (
    <div className="mb-6" data-testid="missing-details">
      <Notice tone="info" title={t("missing.title")}>
        <p>{t("missing.body", { fields: list })}</p>
        <div>{action(first)}</div>
      </Notice>
    </div>
  );
}
