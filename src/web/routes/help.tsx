import type { MetaFunction } from "react-router";
import { helpMeta } from "../features/help/help-meta.ts";
import { HelpPage } from "../features/help/help-page.tsx";

export const meta: MetaFunction = () => helpMeta();

export default function Help() {
  return <HelpPage />;
}
