import { AffiliatePage } from "../features/affiliate/affiliate-page.tsx";

export const meta = () => [
  { title: "Affiliate and Ambassador Programme | Nordic Shield" },
  {
    name: "description",
    content:
      "Concierges, travel agents, event planners and estate agents: refer clients to licensed VIP security and earn commission on every completed booking. Apply online.",
  },
];

export default function Affiliate() {
  return <AffiliatePage />;
}
