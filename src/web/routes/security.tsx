import { SecurityPage } from "../features/legal/security-page.tsx";

export const meta = () => [
  { title: "Security | Nordic Shield" },
  {
    name: "description",
    content:
      "How Nordic Shield protects your account, payments and personal data: encryption, tokenised cards, access control, incident response and how to report a security issue.",
  },
];

export default function Security() {
  return <SecurityPage />;
}
