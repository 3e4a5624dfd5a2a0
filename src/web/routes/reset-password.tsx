import { ResetPasswordPage } from "../features/auth/reset-password-page.tsx";

export const meta = () => [{ title: "Reset password | Nordic Shield" }];

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
