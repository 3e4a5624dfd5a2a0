import type { ReactNode } from "react";
import { classNames } from "./class-names.ts";

// A short status label. Colours keep at least 4.5:1 contrast (WCAG 2.2 1.4.3); the text itself
// carries the meaning, never the colour alone (1.4.1).

export type BadgeTone = "neutral" | "muted" | "gold" | "highlight" | "success" | "warning" | "danger" | "dark";

const tones: Record<BadgeTone, string> = {
  neutral: "border-ink-line/20 bg-white text-ink",
  muted: "border-transparent bg-paper text-ink",
  gold: "border-gold-deep/40 bg-gold/20 text-ink",
  highlight: "border-gold bg-gold text-ink",
  success: "border-green-800/30 bg-green-50 text-green-900",
  warning: "border-amber-800/30 bg-amber-50 text-amber-900",
  danger: "border-red-800/30 bg-red-50 text-red-900",
  dark: "border-ink bg-ink text-gold",
};

export type BadgeSize = "sm" | "md" | "lg";

const sizes: Record<BadgeSize, string> = {
  sm: "rounded px-1.5 py-0.5 text-[0.7rem] font-bold tracking-wider",
  md: "rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide",
  lg: "rounded-full px-3 py-1 text-sm font-semibold",
};

export function Badge({
  tone = "neutral",
  size = "md",
  className,
  children,
}: {
  tone?: BadgeTone;
  size?: BadgeSize;
  className?: string;
  children: ReactNode;
}) {
  return <span className={classNames("inline-flex items-center gap-1 border", tones[tone], sizes[size], className)}>{children}</span>;
}
