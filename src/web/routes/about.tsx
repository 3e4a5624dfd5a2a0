import { AboutPage } from "../features/info-pages/about-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.about") },
  {
    name: "description",
    content:
      "Nordic Shield is a Swedish security company authorised by Länsstyrelsen, providing vetted close protection, security drivers and event security across the EU.",
  },
];

export default function About() {
  return <AboutPage />;
}
