import { PrivacyPage } from "../features/legal/privacy-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.privacy") },
  {
    name: "description",
    content:
      "How Nordic Shield collects, uses and protects your personal data under the GDPR, and how to use your rights of access, rectification, erasure and more.",
  },
];

export default function Privacy() {
  return <PrivacyPage />;
}
