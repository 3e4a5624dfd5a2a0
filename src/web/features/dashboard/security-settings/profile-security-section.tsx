import { useId } from "react";
import { useTranslation } from "../../../lib/i18n.ts";
import { AccountDataSection } from "./account-data-section.tsx";
import { BankIdSettings } from "./bankid-settings.tsx";
import { PasskeySettings } from "./passkey-settings.tsx";
import { PasswordChangeForm } from "./password-change-form.tsx";
import { TwoFactorSettings } from "./two-factor-settings.tsx";
import "./security-translations.ts";

// The profile page's security part (docs/product.md §2): the PASSWORD block, the two-factor toggle under it,
// the passkeys (ADR 270), then the data download and DELETE ACCOUNT.

export function ProfileSecuritySection() {
  const { t } = useTranslation("security-settings");
  const twoFactorHeadingId = useId();
  return (
    <div className="mt-10 space-y-6" data-testid="profile-security">
      <PasswordChangeForm />
      {/* The operator console's two-factor notice links here (ADR 119). */}
      <section id="two-factor" aria-labelledby={twoFactorHeadingId} className="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8">
        <h3 id={twoFactorHeadingId} className="mb-4 text-xs font-semibold tracking-[0.16em] text-gold-deep">
          {t("twoFactor.heading").toUpperCase()}
        </h3>
        <TwoFactorSettings />
      </section>
      {/* ADR 271: the console's "use a passkey" page links here. */}
      <div id="passkeys" className="rounded-xl border border-ink-line/15 bg-white p-6 sm:p-8">
        <PasskeySettings />
        <div className="mt-8">
          <BankIdSettings />
        </div>
      </div>
      <AccountDataSection />
    </div>
  );
}
