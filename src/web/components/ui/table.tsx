import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { classNames } from "./class-names.ts";

// A semantic table: a <caption> names it for screen readers (WCAG 2.2 1.3.1), header cells carry
// `scope`, and a narrow screen scrolls the table inside its own focusable region instead of the page.

export function Table({
  caption,
  captionHidden,
  className,
  children,
}: {
  caption: ReactNode;
  captionHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). It is the
    // containing block of what is positioned inside it (screen-reader-only text is absolute), so
    // that scrolls with the table instead of widening the page (WCAG 2.2 1.4.10 Reflow).
    <div
      className={classNames("relative overflow-x-auto rounded-xl border border-ink-line/15 bg-white", className)}
      tabIndex={0}
      role="region"
      aria-label={typeof caption === "string" ? caption : undefined}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className={classNames("px-4 py-3 text-left font-semibold text-ink", captionHidden && "sr-only")}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return <thead className="border-b border-ink-line/15 bg-paper text-xs tracking-wider text-stone uppercase">{children}</thead>;
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-ink-line/10">{children}</tbody>;
}

export function TableRow({ className, ...row }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={classNames("align-top", className)} {...row} />;
}

export function TableHeaderCell({ scope = "col", className, ...cell }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={classNames("px-4 py-3 font-semibold", className)} {...cell} />;
}

export function TableCell({ className, ...cell }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={classNames("px-4 py-3 text-ink", className)} {...cell} />;
}
