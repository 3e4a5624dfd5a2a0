import { LogoutPage } from "../features/auth/logout-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.signingOut") }];

export default function Logout() {
  return <LogoutPage />;
}
