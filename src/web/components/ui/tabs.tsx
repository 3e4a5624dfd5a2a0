import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ReactNode } from "react";

// ADR 028: Radix tabs (WAI-ARIA tabs pattern: one tab stop, arrow keys move between tabs, each
// panel labelled by its tab) for switching panels inside one screen. Moving between pages stays a
// list of links in a <nav> (the dashboard menu): a tab widget must not change the URL.

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

export type TabsProps = {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
};

export function Tabs({ items, label, value, defaultValue, onValueChange, className }: TabsProps) {
  return (
    <TabsPrimitive.Root value={value} defaultValue={defaultValue ?? items[0]?.value} onValueChange={onValueChange} className={className}>
      <TabsPrimitive.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-ink-line/15">
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold tracking-wider text-stone uppercase hover:text-ink data-[state=active]:border-gold-deep data-[state=active]:text-ink"
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="pt-6">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
