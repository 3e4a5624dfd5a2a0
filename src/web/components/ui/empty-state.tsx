import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { classNames } from "./class-names.ts";

// What a list or screen shows when it has nothing yet: an icon, a title, a line of text and, when
// there is one, the next step (a button or link).

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  tone?: "light" | "dark";
  className?: string;
  titleLevel?: "h2" | "h3" | "p";
};

export function EmptyState({ title, description, icon: Icon, action, tone = "light", className, titleLevel = "p" }: EmptyStateProps) {
  const Title = titleLevel;
  return (
    <div
      className={classNames(
        "rounded-xl border p-6 sm:p-8",
        tone === "dark" ? "border-gold/40 bg-ink text-paper" : "border-dashed border-ink-line/30 bg-white text-ink",
        className,
      )}
    >
      {Icon && <Icon className={classNames("h-8 w-8", tone === "dark" ? "text-gold" : "text-gold-deep")} aria-hidden="true" />}
      <Title className={classNames("text-lg font-semibold", Icon && "mt-4", tone === "dark" ? "text-gold" : "text-ink")}>{title}</Title>
      {description && (
        <p className={classNames("mt-3 max-w-prose text-sm leading-relaxed", tone === "dark" ? "text-mist" : "text-stone")}>
          {description}
        </p>
      )}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
