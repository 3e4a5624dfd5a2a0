import { ResetPasswordPage } from "../features/auth/reset-password-page.tsx";

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
