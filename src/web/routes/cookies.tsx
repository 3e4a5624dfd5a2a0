import { CookiesPage } from "../features/legal/cookies-page.tsx";

export const meta = () => [
  { title: "Cookies Policy | Nordic Shield" },
  {
    name: "description",
    content:
      "Nordic Shield sets one essential session cookie when you sign in and remembers your language choice in your browser. No analytics, marketing or third-party cookies.",
  },
];

export default function Cookies() {
  return <CookiesPage />;
}
