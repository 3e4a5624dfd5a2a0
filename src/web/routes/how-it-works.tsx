import { HowItWorksPage } from "../features/info-pages/how-it-works-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.howItWorks") },
  {
    name: "description",
    content:
      "Book licensed close protection in five steps: choose location and dates, configure services, verify your e-mail, book, and get your plan confirmed within 24 hours.",
  },
];

export default function HowItWorks() {
  return <HowItWorksPage />;
}
