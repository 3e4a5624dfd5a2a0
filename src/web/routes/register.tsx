import { LoginPage } from "../features/auth/login-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.register") }];

export default function Register() {
  return <LoginPage startWith="signUp" />;
}
