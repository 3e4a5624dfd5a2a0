import { Plus } from "lucide-react";
import type { ReactNode } from "react";

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

export type AccordionProps = {
  items: AccordionItem[];
  /** The one open item (docs/product.md §4 FAQ: at most one open); null when all are closed. */
  openId: string | null;
  onOpenChange(id: string | null): void;
  idPrefix: string;
  headingLevel?: 2 | 3;
  tone?: "light" | "dark";
};

/**
 * Controlled single-open accordion (WAI-ARIA accordion pattern): each header is a button with
 * aria-expanded; clicking the open one closes it. Closed panels stay in the HTML (hidden), so the
 * prerendered page carries the full text.
 */
export function Accordion({ items, openId, onOpenChange, idPrefix, headingLevel = 3, tone = "light" }: AccordionProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const line = tone === "dark" ? "border-white/15" : "border-ink-line/15";
  return (
    <div className={`border-t ${line}`}>
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${idPrefix}-${item.id}-button`;
        const panelId = `${idPrefix}-${item.id}-panel`;
        return (
          <div key={item.id} id={`${idPrefix}-${item.id}`} className={`border-b ${line}`}>
            <Heading className="font-sans text-base font-semibold tracking-normal">
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onOpenChange(open ? null : item.id)}
                className={`flex min-h-14 w-full items-center justify-between gap-4 py-4 text-left ${tone === "dark" ? "hover:text-gold" : "hover:text-gold-deep"}`}
              >
                <span>{item.title}</span>
                <Plus
                  className={`h-5 w-5 shrink-0 transition-transform duration-200 ${open ? "rotate-45" : ""} ${tone === "dark" ? "text-gold" : "text-gold-deep"}`}
                  aria-hidden="true"
                />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="pb-5">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
