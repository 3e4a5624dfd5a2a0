import { PrivacyPage } from "../features/legal/privacy-page.tsx";

export const meta = () => [
  { title: "Privacy Policy | Nordic Shield" },
  {
    name: "description",
    content:
      "How Nordic Shield collects, uses and protects your personal data under the GDPR, and how to use your rights of access, rectification, erasure and more.",
  },
];

export default function Privacy() {
  return <PrivacyPage />;
}
