import { TermsPage } from "../features/legal/terms-page.tsx";

export const meta = () => [
  { title: "Terms and Conditions | Nordic Shield" },
  {
    name: "description",
    content:
      "The terms for booking Nordic Shield security services: accounts, confirmation within 24 hours, prices per day and guard, cancellation and refunds, liability.",
  },
];

export default function Terms() {
  return <TermsPage />;
}
