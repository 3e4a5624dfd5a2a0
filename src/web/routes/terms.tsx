import { TermsPage } from "../features/legal/terms-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.terms") },
  {
    name: "description",
    content:
      "The terms for booking Nordic Shield security services: accounts, confirmation within 24 hours, prices per day and guard, cancellation and refunds, liability.",
  },
];

export default function Terms() {
  return <TermsPage />;
}
