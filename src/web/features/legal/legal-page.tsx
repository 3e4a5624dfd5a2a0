import { InfoPage, useInfoContent } from "../../components/info-page.tsx";

/** Legal pages are long, so they carry an on-page table of contents. */
export function LegalPage({ namespace }: { namespace: string }) {
  return <InfoPage content={useInfoContent(namespace)} showTableOfContents />;
}
