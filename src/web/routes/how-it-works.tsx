import { HowItWorksPage } from "../features/info-pages/how-it-works-page.tsx";

export const meta = () => [
  { title: "How It Works | Nordic Shield" },
  {
    name: "description",
    content:
      "Book licensed close protection in five steps: choose location and dates, configure services, verify your e-mail, book, and get your plan confirmed within 24 hours.",
  },
];

export default function HowItWorks() {
  return <HowItWorksPage />;
}
