import { AffiliatePage } from "../features/affiliate/affiliate-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [
  { title: i18n.t("titles.affiliate") },
  {
    name: "description",
    content:
      "Concierges, travel agents, event planners and estate agents: refer clients to licensed VIP security and earn commission on every completed booking. Apply online.",
  },
];

export default function Affiliate() {
  return <AffiliatePage />;
}
