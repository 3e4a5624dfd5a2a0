import { useId } from "react";
import { useTranslation } from "../../../lib/i18n.ts";
import { AccountDataSection } from "./account-data-section.tsx";
import { PasswordChangeForm } from "./password-change-form.tsx";
import { TwoFactorSettings } from "./two-factor-settings.tsx";
import "./security-translations.ts";

// The profile page's security part (docs/product.md §2): the PASSWORD block, the two-factor toggle under it,
// then the data download and DELETE ACCOUNT.

export function ProfileSecuritySection() {
  const { t } = useTranslation("security-settings");
  const twoFactorHeadingId = useId();
  return (
    <div className="mt-10 space-y-6" data-testid="profile-security">
      <PasswordChangeForm />
      <section aria-labelledby={twoFactorHeadingId} className="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8">
        <h3 id={twoFactorHeadingId} className="mb-4 text-xs font-semibold tracking-[0.16em] text-gold-deep">
          {t("twoFactor.heading").toUpperCase()}
        </h3>
        <TwoFactorSettings />
      </section>
      <AccountDataSection />
    </div>
  );
}
