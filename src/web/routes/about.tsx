import { AboutPage } from "../features/info-pages/about-page.tsx";

export const meta = () => [
  { title: "About Nordic Shield | Licensed private and VIP security" },
  {
    name: "description",
    content:
      "Nordic Shield is a Swedish security company authorised by Länsstyrelsen, providing vetted close protection, security drivers and event security across the EU.",
  },
];

export default function About() {
  return <AboutPage />;
}
