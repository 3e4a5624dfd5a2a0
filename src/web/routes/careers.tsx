import { CareersPage } from "../features/info-pages/careers-page.tsx";

export const meta = () => [
  { title: "Careers | Nordic Shield" },
  {
    name: "description",
    content:
      "No open positions right now. Licensed close protection officers, security officers and security drivers can send an open application to Nordic Shield.",
  },
];

export default function Careers() {
  return <CareersPage />;
}
