import type { MetaFunction } from "react-router";
import { landingMeta } from "../features/landing/landing-meta.ts";
import { LandingPage } from "../features/landing/landing-page.tsx";

export const meta: MetaFunction = () => landingMeta();

export default function Landing() {
  return <LandingPage />;
}
