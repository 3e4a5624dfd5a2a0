import { LoginPage } from "../features/auth/login-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.signIn") }];

export default function Login() {
  return <LoginPage startWith="signIn" />;
}
