import { SecurityPage } from "../features/legal/security-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.security") },
  {
    name: "description",
    content:
      "How Nordic Shield protects your account, payments and personal data: encryption, tokenised cards, access control, incident response and how to report a security issue.",
  },
];

export default function Security() {
  return <SecurityPage />;
}
