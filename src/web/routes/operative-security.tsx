import { PasskeySettings } from "../features/dashboard/security-settings/passkey-settings.tsx";
import { PasswordChangeForm } from "../features/dashboard/security-settings/password-change-form.tsx";
import { TwoFactorSettings } from "../features/dashboard/security-settings/two-factor-settings.tsx";
import { OperativeSecurityPage } from "../features/operatives/area-shell.tsx";

// ADR 220: the operative's two-factor switch, passkeys (ADR 270) and password, the account's own components, in the operative's area.
export default function OperativeSecurity() {
  return (
    <OperativeSecurityPage
      twoFactor={
        <>
          <TwoFactorSettings />
          <div className="mt-8">
            <PasskeySettings />
          </div>
        </>
      }
      password={<PasswordChangeForm />}
    />
  );
}
