import { InfoPage, useInfoContent } from "../../components/info-page.tsx";
import type { Namespace } from "../../lib/i18n.ts";

/** Legal pages are long, so they carry an on-page table of contents. */
export function LegalPage({ namespace }: { namespace: Namespace }) {
  return <InfoPage content={useInfoContent(namespace)} showTableOfContents />;
}
