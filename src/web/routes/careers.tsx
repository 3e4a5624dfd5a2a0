import { CareersPage } from "../features/info-pages/careers-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.careers") },
  {
    name: "description",
    content:
      "No open positions right now. Licensed close protection officers, security officers and security drivers can send an open application to Nordic Shield.",
  },
];

export default function Careers() {
  return <CareersPage />;
}
