import { PasswordChangeForm } from "../features/dashboard/security-settings/password-change-form.tsx";
import { TwoFactorSettings } from "../features/dashboard/security-settings/two-factor-settings.tsx";
import { OperativeSecurityPage } from "../features/operatives/area-shell.tsx";

// ADR 220: the operative's two-factor switch and password, the account's own components, in the operative's area.
export default function OperativeSecurity() {
  return <OperativeSecurityPage twoFactor={<TwoFactorSettings />} password={<PasswordChangeForm />} />;
}
