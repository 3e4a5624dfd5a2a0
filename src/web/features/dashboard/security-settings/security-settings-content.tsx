import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { PasskeySettings } from "./passkey-settings.tsx";
import { PasswordChangeForm } from "./password-change-form.tsx";
import { TwoFactorSettings } from "./two-factor-settings.tsx";
import "./security-translations.ts";

// docs/product.md §2 Security Settings dialog: a Change Password button (opening the PASSWORD form in place)
// and the Two-Factor Authentication toggle ('Secure your account with 2FA'), then the
// account's passkeys (ADR 270). The dialog around it
// belongs to the screen that opens it.

export function SecuritySettingsContent() {
  const { t } = useTranslation("security-settings");
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <div className="space-y-6" data-testid="security-settings">
      <div>
        <Button
          variant="outline"
          className="text-ink"
          aria-expanded={changingPassword}
          onClick={() => setChangingPassword((open) => !open)}
        >
          {changingPassword ? t("settings.hidePassword") : t("settings.changePassword")}
        </Button>
        {changingPassword && (
          <div className="mt-4">
            <PasswordChangeForm />
          </div>
        )}
      </div>
      <TwoFactorSettings />
      <PasskeySettings />
    </div>
  );
}
