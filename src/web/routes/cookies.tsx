import { CookiesPage } from "../features/legal/cookies-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.cookies") },
  {
    name: "description",
    content:
      "Nordic Shield sets one essential session cookie when you sign in and remembers your language choice in your browser. No analytics, marketing or third-party cookies.",
  },
];

export default function Cookies() {
  return <CookiesPage />;
}
