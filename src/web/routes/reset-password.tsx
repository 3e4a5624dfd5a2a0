import { ResetPasswordPage } from "../features/auth/reset-password-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.resetPassword") }];

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
